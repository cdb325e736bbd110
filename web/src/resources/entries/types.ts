// The entries API's JSON shapes, shared by the Entries page, the Add Entry modal and Approvals.
// The entry itself is the server's contract (functions/src/contract/entries.ts, which the
// server's toEntry answers), so the two cannot drift apart.
import type {
  Attachment,
  EmailSendOutcome,
  Entry,
  EntrySnapshot,
  SendOutcome,
} from '@contract/entries';

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

/** The customer an entry names: its copy on the entry, with the customer's id. */
export type EntryCustomer = Entry['customer'];
export type WhatsAppDispatch = SendOutcome;
export type EmailDispatch = EmailSendOutcome;

/** What PUT /entries/{id} takes: only the fields sent change. */
export type EntryUpdate = {
  description: string;
  category: string;
  amount: number;
  channel: string;
  tags: string[];
  process: string;
  extraNote: string;
  /** The attachments kept; the others are removed. */
  attachments: Attachment[];
  customer: { names: string[]; phones: string[]; emails: string[] };
};

/** The body of POST /entries/{id}/followup; a channel left out is not sent. */
export type FollowUpRequest = {
  days: number;
  /** HH:MM in the company time zone, on the day `days` ahead. */
  time: string;
  /** The client's own now + days (the server computes the due time itself). */
  when: string;
  note: string;
  send: {
    email: { templateId: string; subject: string; text: string; to: string[] } | null;
    whatsapp: { templateId: string; text: string; to: string[] } | null;
  };
  attachments: (Attachment & { to: { email: boolean; whatsapp: boolean } })[];
  entryId: string;
};
