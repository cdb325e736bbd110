import { FormField } from '../../../lib/form-field';
import type { EmailIntegration } from '../api/types';
import { bindField, FieldGrid, ProviderSection } from './section';
import type { FieldSpecs, ProviderFields } from './section';

const OUTGOING: FieldSpecs<EmailIntegration> = {
  smtpHost: {
    label: 'SMTP host',
    hint: "smtp.sendgrid.net sends through SendGrid's API, the password being the API key.",
  },
  smtpPort: { label: 'SMTP port', kind: 'numeric' },
  smtpUser: { label: 'SMTP user' },
  smtpPass: { label: 'SMTP password', kind: 'secret' },
  fromEmail: { label: 'From email', kind: 'email' },
  fromName: {
    label: 'From name',
    hint: 'Emails go out under the company name in Settings; this name is used only while that is empty.',
  },
};

const INCOMING: FieldSpecs<EmailIntegration> = {
  imapHost: { label: 'IMAP host' },
  imapPort: { label: 'IMAP port', kind: 'numeric' },
  imapUser: { label: 'IMAP user' },
  imapPass: { label: 'IMAP password', kind: 'secret' },
};

/** Email: outgoing SMTP (or SendGrid), incoming IMAP, SendGrid's signed delivery events. */
export function EmailSection(provider: ProviderFields<EmailIntegration>) {
  return (
    <ProviderSection
      title="Email"
      provider={provider}
      secretNote="The server's SENDGRID_API_KEY secret is set: email goes through SendGrid with it, whatever SMTP server is saved here."
      webhook={{
        label: "Post URL for SendGrid's Event Webhook",
        path: '/api/integrations/email/events',
      }}
    >
      <h3 className="integrations-subtitle">Outgoing (SMTP)</h3>
      <FieldGrid provider={provider} fields={OUTGOING} />
      <h3 className="integrations-subtitle">Incoming (IMAP)</h3>
      <FieldGrid provider={provider} fields={INCOMING} />
      <h3 className="integrations-subtitle">Delivery events (SendGrid Event Webhook)</h3>
      <FormField
        as="textarea"
        label="Event webhook verification key"
        rows={3}
        spellCheck={false}
        {...bindField(provider, 'eventWebhookKey')}
        hint="SendGrid, Settings, Mail Settings, Event Webhook: turn on Signed Event Webhook and paste the verification key it shows. Events are refused until it is set."
      />
    </ProviderSection>
  );
}
