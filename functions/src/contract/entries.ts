// Entry lists shared by the server, the dashboard and the web app (spec §3). Like everything in
// contract/, plain TypeScript without imports: web/ imports it by relative path.

/** Entry process options, in the order of the dashboard's funnel. */
export const PROCESSES = [
  'Lead Generation',
  'Follow-up',
  'Quotation',
  'Negotiation',
  'Closing',
  'Onboarding',
  'After-Sales Support',
  'Other',
] as const;

export const CHANNELS = ['whatsapp', 'email', 'multiple', 'manual', 'other'] as const;
export type Channel = (typeof CHANNELS)[number];

export const STATUSES = ['pending', 'approved', 'confirmed', 'cancelled'] as const;
export type EntryStatus = (typeof STATUSES)[number];

/** An uploaded file as POST /uploads answers it; `url` is served by /api behind the session. */
export interface Attachment {
  name: string;
  url: string;
  mimetype: string;
  size: number;
}

/** The copy of its customer an entry keeps (search and display without a second read). */
export interface CustomerCopy {
  names: string[];
  phones: string[];
  emails: string[];
  categories: string[];
  potential: string;
}

export interface EmployeeRef {
  _id: string;
  name: string;
  email: string;
}

/** How one send went: 'sending' until the provider answers; WhatsApp callbacks move it on. */
export type SendStatus = 'sending' | 'sent' | 'failed' | 'delivered' | 'read';

export interface MediaOutcome {
  name: string;
  status: 'sent' | 'failed';
  messageId?: string;
  error?: string;
}

/** A channel's part of `dispatch`: what was sent, and what became of it. */
export interface SendOutcome {
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
}

export type EmailSendOutcome = SendOutcome & { subject?: string };

export interface FollowUpSummary {
  _id: string;
  when?: string;
  note: string;
  by: string;
  byName: string;
  status: string;
  channel: string;
}

/** What an entry says, the same whether stored or answered. */
export interface EntryFields {
  customerId: string;
  description: string;
  tags: string[];
  attachments: Attachment[];
  category: string;
  amount: number;
  currency: string;
  process: string;
  extraNote: string;
  /** One of CHANNELS for entries the app wrote; older data may hold another word. */
  channel: string;
  /** One of STATUSES, likewise. */
  status: string;
  employee: EmployeeRef | null;
  createdByName: string;
}

/** An entry as the API answers it (spec §3). */
export interface Entry extends EntryFields {
  _id: string;
  customer: CustomerCopy & { _id: string };
  source: string;
  createdAt?: string;
  updatedAt?: string;
  followUps: FollowUpSummary[];
  dispatch: { whatsapp?: SendOutcome; email?: EmailSendOutcome };
  /** Entries made from a template, and inbound messages: where they came from. */
  templateRef?: unknown;
  inbound?: unknown;
}
