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
