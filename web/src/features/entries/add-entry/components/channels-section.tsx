import { FormField } from '../../../../lib/form-field';
import { formatPhone } from '../../../../lib/phone';
import { TextAreaField } from '../../../../lib/text-area-field';
import type { EntryCustomer, Template } from '../../api/types';
import { EmailTemplatePicker } from '../../components/shared/template-picker';
import { WhatsAppFields } from '../../components/shared/whatsapp-fields';
import { firstEmail, firstPhone, NO_EMAIL, NO_PHONE } from '../../model/shared/recipients';
import type { EntryForm } from '../model/entry-form';
import { ChannelSwitch } from './channel-switch';

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
  attachmentCount,
}: {
  customer: EntryCustomer;
  values: ChannelFields;
  onChange: (patch: Partial<ChannelFields>) => void;
  templates: readonly Template[];
  /** How many files the entry carries (they go on WhatsApp inside the window only). */
  attachmentCount: number;
}) {
  const phone = firstPhone(customer);
  return (
    <fieldset className="add-entry__section">
      <legend className="add-entry__legend">Channels</legend>
      <ChannelSwitch
        label="WhatsApp"
        on={values.whatsappOn}
        onToggle={(whatsappOn) => onChange({ whatsappOn })}
        recipient={phone && formatPhone(phone)}
        missing={NO_PHONE}
      >
        <WhatsAppFields
          templates={templates}
          text={values.whatsappText}
          templateId={values.whatsappTemplateId}
          onChange={({ text, templateId }) =>
            onChange({
              ...(text !== undefined && { whatsappText: text }),
              ...(templateId !== undefined && { whatsappTemplateId: templateId }),
            })
          }
          preview={
            values.whatsappOn && phone
              ? {
                  customerId: customer._id,
                  to: phone,
                  text: values.whatsappText,
                  ...(values.whatsappTemplateId && { templateId: values.whatsappTemplateId }),
                  attachments: attachmentCount,
                }
              : null
          }
        />
      </ChannelSwitch>
      <ChannelSwitch
        label="Email"
        on={values.emailOn}
        onToggle={(emailOn) => onChange({ emailOn })}
        recipient={firstEmail(customer)}
        missing={NO_EMAIL}
      >
        <EmailTemplatePicker
          templates={templates}
          templateId={values.emailTemplateId}
          onPick={({ templateId, body, subject }) =>
            onChange({
              emailTemplateId: templateId,
              ...(body !== undefined && { emailBody: body }),
              ...(subject !== undefined && { emailSubject: subject }),
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
