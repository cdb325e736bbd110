// Entry lists shared by the server, the dashboard and the web app. Like everything in contract/,
// plain TypeScript without imports: web/ imports it as @contract/<file>.

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

/** True for one of CHANNELS (an entry of older data may hold another word). */
export const isChannel = (value: string): value is Channel =>
  (CHANNELS as readonly string[]).includes(value);

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

/**
 * How one channel's message went: 'queued' / 'sending' until the provider answers; 'sent'
 * once it took it, moved on by its callbacks ('processed', 'deferred', 'delivered', 'read',
 * 'opened'); 'failed' when refused; 'unknown' when no answer came (it may have gone);
 * 'not_sent' when the sending rules kept it back (the reason is in `error`).
 */
export type SendStatus =
  | 'queued'
  | 'sending'
  | 'sent'
  | 'processed'
  | 'deferred'
  | 'delivered'
  | 'read'
  | 'opened'
  | 'failed'
  | 'unknown'
  | 'not_sent';

export interface MediaOutcome {
  name: string;
  status: SendStatus | 'skipped';
  messageId?: string;
  error?: string;
}

/** One step of a message's way, with its time. */
export interface SendStep {
  status: string;
  at: string;
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
  /** When the latest provider callback came. */
  statusAt?: string;
  media?: MediaOutcome[];
  /** The approved template that went (WhatsApp), and the text the customer reads. */
  templateName?: string;
  language?: string;
  preview?: string;
  /** The customer's 24-hour window when the message was queued. */
  window?: { open: boolean; openUntil: string | null };
  /** What stayed behind (files outside the window). */
  skipped?: string;
  timeline?: SendStep[];
  outboundId?: string;
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

/** The entry's own fields, which an edit's history item keeps (before and after). */
export interface EntrySnapshot {
  description: string;
  status: string;
  category: string;
  channel: string;
  tags: string[];
  amount: number;
  currency: string;
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

/** An entry as the API answers it. */
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
  /** The accepted quotation this entry is the order of. */
  quote?: QuoteLink;
}

/** A quotation an entry links to: its id and number (Q/2026-27/0001). */
export interface QuoteLink {
  _id: string;
  number: string;
}

/** An entry's channel as people read it ('multiple' is both messages). */
export const CHANNEL_LABELS: Record<string, string> = {
  whatsapp: 'WhatsApp',
  email: 'Email',
  multiple: 'WhatsApp + Email',
  manual: 'Manual',
  other: 'Other',
};

/**
 * GET /entries' filters, each by the one name the server reads and the web sends: q (any of the
 * text fields), name, phone, email, channel ('' or whatsapp, email, multiple, other), tag, from
 * and to (YYYY-MM-DD, inclusive), employee (a user id), status.
 */
export const ENTRY_FILTERS = [
  'q',
  'name',
  'phone',
  'email',
  'channel',
  'tag',
  'from',
  'to',
  'employee',
  'status',
] as const;
export type EntryFilterName = (typeof ENTRY_FILTERS)[number];
/** The filters as a filter bar holds them: '' for none. */
export type EntryFilterValues = Record<EntryFilterName, string>;

/** What PUT /entries/{id} takes: only the fields sent change. */
export type EntryUpdate = {
  description: string;
  category: string;
  amount: number;
  /** A 3-letter code (INR); '' is the default currency; left out, it stays. */
  currency?: string;
  channel: Channel;
  tags: string[];
  process: string;
  extraNote: string;
  /** The attachments kept; the others are removed. */
  attachments: Attachment[];
  customer: { names: string[]; phones: string[]; emails: string[] };
};

/**
 * The body of POST /entries/{id}/followup-days: a reminder without messages, `days` ahead (3
 * when left out; a number or text holding one) at `time` (HH:MM, company time zone; left out:
 * `days` after now).
 */
export interface FollowUpDaysRequest {
  days?: number | string;
  time?: string;
  note?: string;
}

/**
 * One channel of POST /entries/{id}/resend; what is left out is taken from the channel's last
 * send (its template, an email's subject) or the customer (the first phone, the first email).
 */
export interface ResendChoice {
  /** A list, or one text split on commas and semicolons; WhatsApp takes the first phone. */
  to?: string | string[];
  templateId?: string;
  /** An email's subject. */
  templateTitle?: string;
  /** The text the channel sends instead of `message`. */
  templateContent?: string;
}

/**
 * The body of POST /entries/{id}/resend: only the channels in `send` go. `message` goes on each
 * of them unless a channel has its own templateContent; without one, each channel's message
 * goes again. `descriptionTemplate` also gives the entry a new description.
 */
export interface ResendRequest {
  message?: string;
  descriptionTemplate?: Omit<ResendChoice, 'to'> | null;
  send?: { whatsapp?: ResendChoice | null; email?: ResendChoice | null };
}

/** The body of POST /entries/{id}/followup; a channel left out is not sent. */
export type FollowUpRequest = {
  days: number;
  /** HH:MM in the company time zone, on the day `days` ahead. */
  time: string;
  /** The client's own now + days (the server computes the due time itself). */
  when: string;
  note: string;
  send: {
    email: {
      templateId: string;
      subject: string;
      text: string;
      /** The message as HTML: sent instead of `text` when given. */
      html?: string;
      to: string[];
      /** Checked, not used: the email goes from the settings' sender. */
      from?: { email?: string; name?: string };
    } | null;
    whatsapp: { templateId: string; text: string; to: string[] } | null;
  };
  attachments: (Attachment & { to: { email: boolean; whatsapp: boolean } })[];
  entryId: string;
};

/** POST /entries' WhatsApp message: sent unless `enabled` is false. */
export type WhatsAppPart = {
  enabled?: boolean;
  to: string[];
  body: string;
  /** The text when `body` is left out. */
  text?: string;
  templateId?: string;
  language?: string;
  /** When `attachments` is left out, the one file to carry: its URL (http(s), or this app's). */
  mediaUrl?: string;
  mediaType?: 'image' | 'video' | 'document';
  attachments: Attachment[];
};

/** POST /entries' email: sent unless `enabled` is false. */
export type EmailPart = {
  enabled?: boolean;
  to: string[];
  subject?: string;
  body: string;
  /** The message as HTML: sent instead of `body` when given. */
  html?: string;
  templateId?: string;
  attachments: Attachment[];
};

/** What the switches make a new entry: both, one of them or none (manual). */
export type EntryChannel = Exclude<Channel, 'other'>;

/**
 * The customer of a new entry: `customer` (its id, or the customer itself as `{ _id }`), or
 * `customerId` when `customer` is left out.
 */
export type EntryCustomerRef =
  | { customer: string | { _id: string }; customerId?: string }
  | { customer?: undefined; customerId: string };

/** The body of POST /entries. */
export type CreateEntryBody = EntryCustomerRef & {
  description: string;
  tags: string[];
  /** More tags, added to `tags` (`tag`: one). */
  labels?: string[];
  tag?: string;
  attachments: Attachment[];
  category: string;
  /** Left out when not filled. */
  amount?: number;
  /** A 3-letter code (INR); left out or '', the default currency. */
  currency?: string;
  process: string;
  extraNote: string;
  channel: EntryChannel;
  whatsapp?: WhatsAppPart;
  email?: EmailPart;
};
