// Customer constants: the fixed lists and the limits that keep every document,
// request and file bounded.

import { ENTRIES, FOLLOW_UPS } from '../entries/constants';

export { DEFAULT_CATEGORIES, POTENTIALS } from '../../contract/customers';

export const CUSTOMERS = 'customers';
/** customerKeys/{phone:+91…|email:…} -> { customerId }: who owns a phone or an email. */
export const CUSTOMER_KEYS = 'customerKeys';
/**
 * Collections whose documents point at a customer through `customerId` (moved by a merge; the
 * conversation's messages move with domain/messages' moveCustomerMessages).
 */
export const CUSTOMER_LINKED_COLLECTIONS = [ENTRIES, FOLLOW_UPS] as const;
/** customers/{id}/audit/{auto}: what a merge took from the customers it removed. */
export const CUSTOMER_AUDIT = 'audit';

// Per customer.
export const MAX_NAMES = 50;
export const MAX_PHONES = 50;
export const MAX_EMAILS = 50;
export const MAX_CATEGORIES = 12;
export const MAX_NAME_LENGTH = 200;
export const MAX_CATEGORY_LENGTH = 100;
export const MAX_POTENTIAL_LENGTH = 100;
export const MAX_NOTE_LENGTH = 10_000;

// Lists.
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** GET /customers without parameters: the newest this many (the plain array). */
export const PLAIN_LIST_LIMIT = 500;

// Writes.
export const MAX_BULK_ROWS = 200;
/** Firestore's limit per batch or transaction is 500 writes; stay below it. */
export const MAX_WRITES_PER_COMMIT = 450;
export const MAX_MERGE_CUSTOMERS = 50;

// CSV import.
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** At most this many row errors are listed (the rest are counted). */
export const IMPORT_MAX_LISTED_ERRORS = 1_000;

export const EXPORT_PAGE_SIZE = 1_000;
