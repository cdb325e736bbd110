// The WhatsApp shapes the composers, the Templates screen and Integrations share: the approved
// templates synced from Meta, a link to one of them, and the preview of what a customer reads.
import type { WhatsAppPreview } from '@contract/messaging';

export type { WhatsAppTemplate as CatalogTemplate, WhatsAppPreview } from '@contract/messaging';
export type { WhatsAppTemplateLink as TemplateLink } from '@contract/settings';

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
export type WindowState = WhatsAppPreview['window'];
