// The WhatsApp shapes the composers, the Templates screen and Integrations share: the approved
// templates synced from Meta, a link to one of them, and the preview of what a customer reads.
export type {
  WhatsAppTemplateLink as TemplateLink,
  WhatsAppTemplateLink,
} from '../../../../../functions/src/contract/settings';
export type { WhatsAppWindow } from '../../../../../functions/src/contract/customers';

/** One template as Meta last listed it (GET /whatsapp/templates). */
export type CatalogTemplate = {
  name: string;
  language: string;
  /** 'APPROVED', 'PENDING', 'REJECTED', … as Meta says it. */
  status: string;
  category: string;
  /** The body text, its parameters written {{1}}, {{2}}, … */
  body: string;
  paramCount: number;
};

/** The body of POST /whatsapp/preview. */
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

/** A phone's 24-hour window as the preview answers it. */
export type WindowState = { open: boolean; openUntil: string | null };

/** What the customer will receive, under the sending rules. */
export type WhatsAppPreview = {
  to: string;
  window: WindowState;
  /** Exactly what the customer will read. */
  preview: string;
  template: { name: string; language: string } | null;
  sends: ('text' | 'template' | 'media')[];
  /** Why WhatsApp will not go, in words. */
  notSent: string | null;
  /** What of the request stays behind (files outside the window). */
  skipped: string | null;
};
