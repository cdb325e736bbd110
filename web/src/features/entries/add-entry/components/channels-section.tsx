import { FormField } from '../../../../lib/form-field';
import { formatPhone } from '../../../../lib/phone';
import type { EntryCustomer } from '../../../../resources/entries';
import type { Template } from '../../../../resources/templates';
import { EmailTemplatePicker } from '../../components/shared/template-picker';
import { WhatsAppFields } from '../../components/shared/whatsapp-fields';
import { firstEmail, firstPhone, NO_EMAIL, NO_PHONE } from '../../model/shared/recipients';
import type { WhatsAppWindow } from '@contract/customers';
import { DifferentText } from '../../components/shared/different-text';
import { OPTED_OUT } from '../../model/opt-out';
import { channelText, type EntryForm } from '../model/entry-form';
import { ChannelSwitch } from './channel-switch';

type ChannelFields = Pick<
  EntryForm,
  | 'description'
  | 'whatsappOn'
  | 'whatsappTemplateId'
  | 'whatsappOwnText'
  | 'whatsappText'
  | 'emailOn'
  | 'emailTemplateId'
  | 'emailSubject'
  | 'emailOwnText'
  | 'emailBody'
>;

/**
 * The WhatsApp and email switches, right under the message (write once: each sends the message
 * unless its "Different text" is open), and for each the words the customer will receive
 * (WhatsApp's asked of the server, which knows the window and the templates).
 */
export function ChannelsSection({
  customer,
  values,
  onChange,
  templates,
  attachmentCount,
  recipientName,
}: {
  customer: EntryCustomer & { whatsappWindow?: WhatsAppWindow | null };
  values: ChannelFields;
  onChange: (patch: Partial<ChannelFields>) => void;
  templates: readonly Template[];
  /** How many files the entry carries (they go on WhatsApp inside the window only). */
  attachmentCount: number;
  /** The customer as "… will receive:" names them. */
  recipientName: string;
}) {
  const phone = firstPhone(customer);
  const optedOut = customer.whatsappWindow?.optedOutAt ? OPTED_OUT : '';
  return (
    <fieldset className="add-entry__section">
      <legend className="add-entry__legend">Send on</legend>
      <ChannelSwitch
        label="WhatsApp"
        on={values.whatsappOn}
        onToggle={(whatsappOn) => onChange({ whatsappOn })}
        recipient={phone && formatPhone(phone)}
        missing={NO_PHONE}
        warning={optedOut}
      >
        <WhatsAppFields
          recipientName={recipientName}
          ownText={values.whatsappOwnText}
          text={values.whatsappText}
          onChange={({ text, ownText }) =>
            onChange({
              ...(text !== undefined && { whatsappText: text }),
              ...(ownText !== undefined && { whatsappOwnText: ownText }),
            })
          }
          preview={
            values.whatsappOn && phone
              ? {
                  customerId: customer._id,
                  to: phone,
                  text: channelText(values, 'whatsapp'),
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
        <p className="add-entry__receives">
          <span className="wa-preview__label">{recipientName} will receive:</span>{' '}
          {channelText(values, 'email').trim() || (
            <span className="ui-muted">the default message line</span>
          )}
        </p>
        <DifferentText
          channel="email"
          open={values.emailOwnText}
          onToggle={(emailOwnText) => onChange({ emailOwnText })}
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
            as="textarea"
            label="Email body"
            rows={4}
            value={values.emailBody}
            hint="Left empty, the message is sent."
            onValueChange={(emailBody) => onChange({ emailBody })}
          />
        </DifferentText>
      </ChannelSwitch>
    </fieldset>
  );
}
