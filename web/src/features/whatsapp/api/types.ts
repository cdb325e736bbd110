// The WhatsApp shapes the composers, the Templates screen and Integrations share: the approved
// templates synced from Meta, a link to one of them, and the preview of what a customer reads.
import type { WhatsAppPreview } from '@contract/messaging';

export type { WhatsAppTemplate as CatalogTemplate, WhatsAppPreview } from '@contract/messaging';
export type { WhatsAppTemplateLink as TemplateLink } from '@contract/settings';

export type { PreviewRequest } from '../../../resources/whatsapp/preview-request';

/** A phone's 24-hour window as the preview answers it. */
export type WindowState = WhatsAppPreview['window'];
