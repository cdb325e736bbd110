// The entries API's JSON shapes, shared by the Entries page and the Add Entry modal.
// The entry itself is the server's contract (functions/src/contract/entries.ts, which the
// server's toEntry answers), so the two cannot drift apart.
import type { EmailSendOutcome, Entry, SendOutcome } from '@contract/entries';

export type {
  Attachment,
  EmployeeRef,
  Entry,
  FollowUpSummary,
  MediaOutcome,
  SendStatus,
  SendStep,
} from '@contract/entries';

/** The customer an entry names: its copy on the entry, with the customer's id. */
export type EntryCustomer = Entry['customer'];
export type WhatsAppDispatch = SendOutcome;
export type EmailDispatch = EmailSendOutcome;

/** A choice of GET /entries/employees: an approved user, sorted by name. */
export type EmployeeChoice = { _id: string; name: string };

export type { Template, TemplateType } from '../../../resources/templates';

/** One page of GET /entries with filters. */
export type EntryPage = {
  items: Entry[];
  nextCursor: string | null;
  total: number;
  /** Of `total`, how many are confirmed. */
  confirmed: number;
  /** True when the counts are upper bounds rather than exact. */
  totalIsEstimate?: boolean;
};

export type { EntryListParams } from '../../../resources/entries/list-params';

export type HistoryType = 'created' | 'edited' | 'follow_up' | 'comment';

export type EntrySnapshot = {
  description: string;
  status: string;
  category: string;
  channel: string;
  tags: string[];
  amount: number;
  currency: string;
};

export type HistoryItem = {
  _id: string;
  type: HistoryType | string;
  when?: string;
  createdAt?: string;
  text: string;
  by: string | null;
  byName: string;
  snapshot: EntrySnapshot | null;
};
