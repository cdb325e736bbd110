// Entry constants: the fixed lists, the messages refusals answer with and the limits that keep every
// document, request and list bounded.

export const ENTRIES = 'entries';
export const HISTORY = 'history';
export const FOLLOW_UPS = 'followUps';

export { CHANNELS, PROCESSES, STATUSES } from '../../contract/entries';
export type { Channel, EntryStatus } from '../../contract/entries';

export const HISTORY_TYPES = ['created', 'edited', 'follow_up', 'comment'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** Where an entry came from: an employee's Add Entry, or an inbound message. */
export type EntrySource = 'employee' | 'whatsapp' | 'email';

export const DEFAULT_CURRENCY = 'INR';
/** The description of an entry left empty with no single channel body to use. */
export const DEFAULT_MESSAGE = 'Thank you for your time. We will be in touch shortly.';
/** The email subject when none is typed ({company} is the company name). */
export const DEFAULT_SUBJECT = 'Message from {company}';

// What refusals say.
export const AMOUNT_MESSAGE = 'Amount should be a positive number';
export const ONLY_ADMIN_CONFIRM = 'Only admin can confirm';
export const ONLY_ADMIN_DELETE = 'Only admin can delete';
export const ONLY_ADMIN_ASSIGN = 'Only admin can assign';
export const NOT_FOUND = 'Entry not found';

// Lists.
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** GET /entries without parameters: the newest this many (the plain array). */
export const PLAIN_LIST_LIMIT = 200;
/** GET /admin/entries/pending: the newest this many pending entries. */
export const PENDING_LIST_LIMIT = 500;
/** The most documents one list request reads to check a filter its query could not apply. */
export const RESIDUAL_SCAN_MAX = 1_000;
export const HISTORY_LIST_LIMIT = 500;

// Per entry.
export const MAX_DESCRIPTION_LENGTH = 10_000;
export const MAX_NOTE_LENGTH = 5_000;
export const MAX_TAGS = 30;
export const MAX_TAG_LENGTH = 60;
export const MAX_ATTACHMENTS = 10;
export const MAX_CATEGORY_LENGTH = 100;
export const MAX_AMOUNT = 1e12;
/** Follow-ups kept on the entry document (the newest); all of them are in followUps. */
export const MAX_FOLLOW_UPS_ON_ENTRY = 50;
