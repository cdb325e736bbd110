// Broadcasts: the composer and the reports.
export { BroadcastsPage } from './components/broadcasts-page';
