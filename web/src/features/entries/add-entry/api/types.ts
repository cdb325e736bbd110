// The shapes the Add Entry modal sends and reads (spec §3, §7). Kept here rather than borrowed
// from the Customers or Templates features: a feature never imports another one's internals.

/** The customer the entry is for: what the modal shows and whom the messages go to. */
export type EntryCustomer = {
  _id: string;
  names: string[];
  phones: string[];
  emails: string[];
  categories: string[];
};

/** An uploaded file (POST /uploads) or a fixed PDF, as an entry carries it. */
export type Attachment = { name: string; url: string; mimetype: string; size: number };

export type TemplateType = 'text' | 'whatsapp' | 'email';

/** A message template (GET /admin/templates). */
export type Template = {
  _id: string;
  type: TemplateType;
  title: string;
  content: string;
  /** Email templates only. */
  subject?: string;
};

/** A company PDF offered for one-click attaching (GET /settings/fixed-pdfs). */
export type FixedPdf = { title: string; url: string; mimetype?: string; size?: number };

export type WhatsAppPart = {
  to: string[];
  body: string;
  templateId?: string;
  attachments: Attachment[];
};

export type EmailPart = {
  to: string[];
  subject?: string;
  body: string;
  templateId?: string;
  attachments: Attachment[];
};

export type EntryChannel = 'whatsapp' | 'email' | 'multiple' | 'manual';

/** The body of POST /entries. */
export type CreateEntryBody = {
  customer: string;
  description: string;
  tags: string[];
  attachments: Attachment[];
  category: string;
  /** Left out when not filled. */
  amount?: number;
  process: string;
  extraNote: string;
  channel: EntryChannel;
  whatsapp?: WhatsAppPart;
  email?: EmailPart;
};

/** The answer of POST /entries: the saved entry and the sends that failed. */
export type CreatedEntry = {
  _id: string;
  failed?: ('whatsapp' | 'email')[];
};
