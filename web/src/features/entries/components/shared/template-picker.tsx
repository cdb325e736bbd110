import { FormField } from '../../../../lib/form-field';
import type { Template } from '../../../../resources/templates';

/**
 * A select of templates of one type; choosing one hands it to `onPick` (which fills the fields
 * it stands for). Shows 'No templates' when there are none.
 */
export function TemplatePicker({
  label,
  templates,
  value,
  onPick,
}: {
  label: string;
  templates: readonly Template[];
  /** The picked template's id, '' for none. */
  value: string;
  onPick: (template: Template | null) => void;
}) {
  return (
    <FormField
      as="select"
      label={label}
      value={value}
      disabled={templates.length === 0}
      onValueChange={(id) => onPick(templates.find((template) => template._id === id) ?? null)}
    >
      <option value="">{templates.length === 0 ? 'No templates' : 'None'}</option>
      {templates.map((template) => (
        <option key={template._id} value={template._id}>
          {template.title}
        </option>
      ))}
    </FormField>
  );
}

/** What picking an email template changes: its id, and its body and subject when it has them. */
export type EmailTemplateChange = { templateId: string; body?: string; subject?: string };

/** The email templates: the picked one fills the body and, when it has one, the subject. */
export function EmailTemplatePicker({
  templates,
  templateId,
  onPick,
}: {
  templates: readonly Template[];
  templateId: string;
  onPick: (change: EmailTemplateChange) => void;
}) {
  return (
    <TemplatePicker
      label="Email template"
      templates={templates.filter((template) => template.type === 'email')}
      value={templateId}
      onPick={(template) =>
        onPick({
          templateId: template?._id ?? '',
          ...(template && {
            body: template.content,
            ...(template.subject && { subject: template.subject }),
          }),
        })
      }
    />
  );
}
