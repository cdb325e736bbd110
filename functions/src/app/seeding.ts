// What the tools outside the server (the stack's demo seed, the bench's data at scale) use of
// it: records built as the API builds them, and the one write path for customers and entries;
// and for the bench's crash row, when the rule for a dead sender's claims may judge them.
// Tools import the server through this file, testing.ts and contract/ only (eslint.config.js).
export { CONVERSATIONS } from '../domain/conversations/constants';
export { CONVERSATION_MESSAGES } from '../domain/messages/constants';
export { DEFAULT_CURRENCY, ENTRIES } from '../domain/entries/constants';
export { buildEntryDoc, type CustomerCopy, type EmployeeRef } from '../domain/entries/record';
export { CUSTOMER_KEYS, CUSTOMERS } from '../domain/customers/constants';
export { BUILT_IN_ROLES } from '../domain/identity/permissions';
export { keyDoc, keyRef } from '../domain/customers/keys';
export { prepareCustomer } from '../domain/customers/record';
export { TAX_FIELD } from '../domain/customers/tax-details';
export { RecordWriter } from '../domain/writes/records';
export { recomputeDashboard } from '../features/dashboard';
export { lastCallbackRefusal } from '../domain/messages';
export { silenceTellsAt } from '../features/messaging';
