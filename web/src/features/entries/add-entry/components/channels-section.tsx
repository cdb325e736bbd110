import { FormField } from '../../../../lib/form-field';
import type { EntryCustomer, Template } from '../api/types';
import { NO_EMAIL, NO_PHONE } from '../model/constants';
import { firstEmail, firstPhone } from '../model/entry-form';
import type { EntryForm } from '../model/entry-form';
import { ChannelSwitch } from './channel-switch';
import { TemplatePicker } from './template-picker';
import { TextAreaField } from './text-area-field';

type ChannelFields = Pick<
  EntryForm,
  | 'whatsappOn'
  | 'whatsappTemplateId'
  | 'whatsappText'
  | 'emailOn'
  | 'emailTemplateId'
  | 'emailSubject'
  | 'emailBody'
>;

/** The WhatsApp and email switches, each with its templates and texts. */
export function ChannelsSection({
  customer,
  values,
  onChange,
  templates,
}: {
  customer: EntryCustomer;
  values: ChannelFields;
  onChange: (patch: Partial<ChannelFields>) => void;
  templates: readonly Template[];
}) {
  const whatsappTemplates = templates.filter((t) => t.type === 'whatsapp');
  const emailTemplates = templates.filter((t) => t.type === 'email');
  return (
    <fieldset className="add-entry__section">
      <legend className="add-entry__legend">Channels</legend>
      <ChannelSwitch
        label="WhatsApp"
        on={values.whatsappOn}
        onToggle={(whatsappOn) => onChange({ whatsappOn })}
        recipient={firstPhone(customer)}
        missing={NO_PHONE}
      >
        <TemplatePicker
          label="WhatsApp template"
          templates={whatsappTemplates}
          // The picked template only fills the text: the template id is the provider's name.
          value={whatsappTemplates.find((t) => t.content === values.whatsappText)?._id ?? ''}
          onPick={(template) => template && onChange({ whatsappText: template.content })}
        />
        <FormField
          label="Template id"
          hint="The WhatsApp provider's template name; left empty, the preset template is sent."
          value={values.whatsappTemplateId}
          onValueChange={(whatsappTemplateId) => onChange({ whatsappTemplateId })}
          autoComplete="off"
        />
        <TextAreaField
          label="WhatsApp text"
          rows={3}
          value={values.whatsappText}
          onValueChange={(whatsappText) => onChange({ whatsappText })}
        />
      </ChannelSwitch>
      <ChannelSwitch
        label="Email"
        on={values.emailOn}
        onToggle={(emailOn) => onChange({ emailOn })}
        recipient={firstEmail(customer)}
        missing={NO_EMAIL}
      >
        <TemplatePicker
          label="Email template"
          templates={emailTemplates}
          value={values.emailTemplateId}
          onPick={(template) =>
            onChange({
              emailTemplateId: template?._id ?? '',
              ...(template && {
                emailBody: template.content,
                ...(template.subject && { emailSubject: template.subject }),
              }),
            })
          }
        />
        <FormField
          label="Subject"
          hint="Left empty, a default subject is used."
          value={values.emailSubject}
          onValueChange={(emailSubject) => onChange({ emailSubject })}
          autoComplete="off"
        />
        <TextAreaField
          label="Email body"
          rows={4}
          value={values.emailBody}
          onValueChange={(emailBody) => onChange({ emailBody })}
        />
      </ChannelSwitch>
    </fieldset>
  );
}
