import type { WhatsAppTemplateLink } from '@contract/settings';

import type { TemplateType } from '../../../resources/templates';

export type { Template, TemplateType } from '../../../resources/templates';

export const TEMPLATE_TYPES: readonly TemplateType[] = ['text', 'whatsapp', 'email'];

export type TemplateInput = {
  type: TemplateType;
  title: string;
  content: string;
  subject?: string;
  /** null unlinks. */
  approved?: WhatsAppTemplateLink | null;
};
