// The composers' one template picker: what may be sent, in one list. The app's text and
// WhatsApp templates fill the message (a WhatsApp one linked to an approved template also
// sends that template on WhatsApp); an approved template synced from Meta sends itself on
// WhatsApp with the message in its parameter. Meta's samples (hello_world, sample_…) are left
// out unless an admin linked one to an app template, and so are templates with a file's header
// (a message cannot fill it: `hasMediaHeader`).
import { hasMediaHeader } from '@contract/messaging';
import type { CatalogTemplate } from '../../whatsapp';
import { isMetaSample } from '../../whatsapp';
import type { Template } from '../../../resources/templates';

export type TemplateOption = { value: string; label: string };
export type TemplateGroup = { label: string; options: TemplateOption[] };

/** What picking a template changes: the message (when it fills it) and WhatsApp's template. */
export type TemplatePick = { message?: string; whatsappTemplateId: string; hint: string };

const APP = 'app:';
const META = 'meta:';

export function templateGroups(
  templates: readonly Template[],
  approved: readonly CatalogTemplate[],
): TemplateGroup[] {
  const app = templates.filter((t) => t.type === 'text' || t.type === 'whatsapp');
  const names = [...new Set(approved.filter((t) => !hasMediaHeader(t)).map((t) => t.name))].filter(
    (name) => !isMetaSample(name),
  );
  return [
    {
      label: 'Templates',
      options: app.map((t) => ({ value: `${APP}${t._id}`, label: t.title })),
    },
    {
      label: 'Approved at Meta (WhatsApp)',
      options: names.map((name) => ({ value: `${META}${name}`, label: name })),
    },
  ].filter((group) => group.options.length > 0);
}

/** The change a picked option (its value; '' for none) makes. */
export function pickTemplate(value: string, templates: readonly Template[]): TemplatePick {
  if (value.startsWith(META)) {
    const name = value.slice(META.length);
    return {
      whatsappTemplateId: name,
      hint: `WhatsApp sends the approved template "${name}", the message in its text.`,
    };
  }
  const template = value.startsWith(APP)
    ? templates.find((t) => t._id === value.slice(APP.length))
    : undefined;
  if (!template) return { whatsappTemplateId: '', hint: '' };
  const linked = template.type === 'whatsapp' ? template.approved?.name : undefined;
  return {
    message: template.content,
    whatsappTemplateId: linked ? template._id : '',
    hint: linked
      ? `Fills the message; WhatsApp sends the approved template "${linked}".`
      : 'Fills the message.',
  };
}
