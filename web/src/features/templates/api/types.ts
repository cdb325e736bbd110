import type { WhatsAppTemplateLink } from '../../../../../functions/src/contract/settings';

export const TEMPLATE_TYPES = ['text', 'whatsapp', 'email'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** A message template as /admin/templates answers it. */
export type Template = {
  _id: string;
  type: TemplateType;
  title: string;
  content: string;
  /** Email templates only. */
  subject?: string;
  /** WhatsApp templates only: the approved Meta template it sends, null or absent when none. */
  approved?: WhatsAppTemplateLink | null;
};

export type TemplateInput = {
  type: TemplateType;
  title: string;
  content: string;
  subject?: string;
  /** null unlinks. */
  approved?: WhatsAppTemplateLink | null;
};
