// The shapes only the Add Entry modal sends and reads; the entry's own shapes are in types.ts.

export type { WhatsAppPart, EmailPart, EntryChannel, CreateEntryBody } from '@contract/entries';

export type { CreatedEntry } from '@contract/answers';

/** A company PDF offered for one-click attaching (GET /settings/fixed-pdfs). */
export type FixedPdf = { title: string; url: string; mimetype?: string; size?: number };
