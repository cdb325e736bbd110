// WhatsApp shapes shared by the server and the web app. Like everything in contract/, plain
// TypeScript without imports: web/ imports it as @contract/<file>.

/** One approved-template candidate as Meta last listed it (GET /whatsapp/templates). */
export interface WhatsAppTemplate {
  name: string;
  language: string;
  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED ... as Meta says. */
  status: string;
  category: string;
  /** The BODY component's text, with {{1}}, {{2}} ... where parameters go. */
  body: string;
  /** How many body parameters a send must give. */
  paramCount: number;
  /** The HEADER component's format (TEXT, IMAGE, VIDEO, DOCUMENT), when it has one. */
  headerFormat?: string;
}

/**
 * A header that takes a file or a place (not text): only a broadcast (its header's file) and a
 * quote (its PDF) fill one. A message, a reply or a follow-up cannot, and Meta refuses such a
 * template without it (132012), so they never offer or send one.
 */
export function hasMediaHeader(template: Pick<WhatsAppTemplate, 'headerFormat'>): boolean {
  return ['DOCUMENT', 'IMAGE', 'VIDEO', 'LOCATION'].includes(template.headerFormat ?? '');
}

/** POST /whatsapp/preview: what the customer will receive, under the sending rules. */
export interface WhatsAppPreview {
  to: string;
  window: { open: boolean; openUntil: string | null };
  /** Exactly what the customer will read. */
  preview: string;
  template: { name: string; language: string } | null;
  sends: ('text' | 'template' | 'media')[];
  /** Why WhatsApp will not go, in words. */
  notSent: string | null;
  /** What of the request stays behind (files outside the window). */
  skipped: string | null;
}

/** What POST /whatsapp/preview is asked; also the preview's cache key. */
export type PreviewRequest = {
  customerId: string;
  /** A phone of the customer; left out, the first. */
  to?: string;
  text: string;
  /** An app WhatsApp template's id, or an approved template's name. */
  templateId?: string;
  /** How many files would go with the message. */
  attachments: number;
};
