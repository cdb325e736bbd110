// The Add Entry modal, opened from a customer on the Customers screen.
export { AddEntryModal } from './components/add-entry-modal';
export type { AddEntryModalProps } from './components/add-entry-modal';
export type { EntryCustomer } from '../../../resources/entries';
