// An entry's messages go only to the customer's first phone / first email.
import type { EntryCustomer } from '../../../../resources/entries';

export const NO_PHONE = 'No customer phone found';
export const NO_EMAIL = 'No customer email found';

type Contacts = Pick<EntryCustomer, 'phones' | 'emails'>;

export const firstPhone = (customer: Contacts): string => customer.phones[0]?.trim() ?? '';
export const firstEmail = (customer: Contacts): string => customer.emails[0]?.trim() ?? '';
