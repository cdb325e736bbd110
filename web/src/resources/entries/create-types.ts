// The shapes only the Add Entry modal sends and reads; the entry's own shapes are in types.ts.
import type { Channel } from '@contract/entries';
import type { Attachment, Entry } from './types';

export type { CreatedEntry } from '@contract/answers';

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

/** What the switches make a new entry: both, one of them or none (manual). */
export type EntryChannel = Exclude<Channel, 'other'>;

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
