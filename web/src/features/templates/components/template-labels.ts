import type { TemplateType } from '../api/types';

export const TYPE_LABEL: Record<TemplateType, string> = {
  text: 'Text',
  whatsapp: 'WhatsApp',
  email: 'Email',
};
