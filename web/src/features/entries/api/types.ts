// The entries API's JSON shapes (spec §3; functions/src/features/entries/record.ts), shared by
// the Entries page and the Add Entry modal. The value lists come from the server's contract.
import type { Channel, EntryStatus } from '../../../../../functions/src/contract/entries';

/** An uploaded file as POST /uploads answers it; `url` is served by /api behind the session. */
export type Attachment = { name: string; url: string; mimetype: string; size: number };

export type EntryCustomer = {
  _id: string;
  names: string[];
  phones: string[];
  emails: string[];
  categories: string[];
  potential: string;
};

export type EmployeeRef = { _id: string; name: string; email: string };

/** A choice of GET /entries/employees: an approved user, sorted by name. */
export type EmployeeChoice = { _id: string; name: string };

export type TemplateType = 'text' | 'whatsapp' | 'email';

/** A message template (GET /admin/templates), offered by the Add Entry and Follow-up pickers. */
export type Template = {
  _id: string;
  type: TemplateType;
  title: string;
  content: string;
  /** Email templates only. */
  subject?: string;
};

/** How one send went: 'sending' until the provider answers; WhatsApp callbacks move it on. */
export type SendStatus = 'sending' | 'sent' | 'failed' | 'delivered' | 'read';

export type MediaOutcome = {
  name: string;
  status: 'sent' | 'failed';
  messageId?: string;
  error?: string;
};

type SendOutcome = {
  to?: string[];
  templateId?: string;
  text?: string;
  attachments?: Attachment[];
  status?: SendStatus;
  provider?: string;
  messageId?: string;
  error?: string;
  at?: string;
  media?: MediaOutcome[];
};

export type WhatsAppDispatch = SendOutcome;
export type EmailDispatch = SendOutcome & { subject?: string };

export type FollowUpSummary = {
  _id: string;
  when?: string;
  note: string;
  by: string;
  byName: string;
  status: string;
  channel: string;
};

export type Entry = {
  _id: string;
  customerId: string;
  customer: EntryCustomer;
  description: string;
  tags: string[];
  attachments: Attachment[];
  category: string;
  amount: number;
  currency: string;
  process: string;
  extraNote: string;
  channel: Channel | string;
  status: EntryStatus | string;
  employee: EmployeeRef | null;
  source: string;
  createdAt?: string;
  updatedAt?: string;
  createdByName: string;
  followUps: FollowUpSummary[];
  dispatch: { whatsapp?: WhatsAppDispatch; email?: EmailDispatch };
};

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

/** The filter bar (spec §2); also the list's query key. Empty values are not sent. */
export type EntryListParams = {
  q: string;
  name: string;
  phone: string;
  email: string;
  /** '' or whatsapp, email, multiple, other (spec §9). */
  channel: string;
  tag: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** An employee's user id. */
  employee: string;
};

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
