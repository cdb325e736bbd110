// The entries API's JSON shapes, shared by the Entries page, the Add Entry modal and Approvals.
// The entry itself is the server's contract (functions/src/contract/entries.ts, which the
// server's toEntry answers), so the two cannot drift apart.
import type { EmailSendOutcome, Entry, SendOutcome } from '@contract/entries';

export type {
  Attachment,
  EntrySnapshot,
  EmployeeRef,
  Entry,
  FollowUpSummary,
  MediaOutcome,
  SendStatus,
  SendStep,
} from '@contract/entries';

export type {
  EmployeeChoice,
  EntryPage,
  HistoryItem,
  HistoryType,
  PendingEntry,
  PendingSend,
} from '@contract/answers';

export type { EntryUpdate, FollowUpRequest } from '@contract/entries';

/** The customer an entry names: its copy on the entry, with the customer's id. */
export type EntryCustomer = Entry['customer'];
export type WhatsAppDispatch = SendOutcome;
export type EmailDispatch = EmailSendOutcome;
