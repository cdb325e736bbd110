import { FormField } from '../../../lib/form-field';
import { TextAreaField } from '../../../lib/text-area-field';
import type { Integrations } from '../api/types';
import { SecretField } from './secret-field';
import { Section, WebhookUrl } from './section';
import { TestSend } from './test-send';
import type { ProviderFields } from './whatsapp-section';

/** Email: outgoing SMTP (or SendGrid), incoming IMAP, SendGrid's signed delivery events. */
export function EmailSection({
  values,
  set,
  error,
  serverSecretSet,
  test,
  unsaved,
}: ProviderFields<Integrations['email']>) {
  return (
    <Section
      title="Email"
      note={
        serverSecretSet && (
          <p className="ui-alert ui-alert--info">
            The server&apos;s SENDGRID_API_KEY secret is set: email goes through SendGrid with it,
            whatever SMTP server is saved here.
          </p>
        )
      }
    >
      <h3 className="integrations-subtitle">Outgoing (SMTP)</h3>
      <div className="integrations-grid">
        <FormField
          label="SMTP host"
          value={values.smtpHost}
          onValueChange={(smtpHost) => set({ smtpHost })}
          error={error('smtpHost')}
          autoComplete="off"
          hint="smtp.sendgrid.net sends through SendGrid's API, the password being the API key."
        />
        <FormField
          label="SMTP port"
          value={String(values.smtpPort)}
          onValueChange={(smtpPort) => set({ smtpPort })}
          error={error('smtpPort')}
          inputMode="numeric"
          autoComplete="off"
        />
        <FormField
          label="SMTP user"
          value={values.smtpUser}
          onValueChange={(smtpUser) => set({ smtpUser })}
          error={error('smtpUser')}
          autoComplete="off"
        />
        <SecretField
          label="SMTP password"
          value={values.smtpPass}
          onValueChange={(smtpPass) => set({ smtpPass })}
          error={error('smtpPass')}
        />
        <FormField
          label="From email"
          type="email"
          value={values.fromEmail}
          onValueChange={(fromEmail) => set({ fromEmail })}
          error={error('fromEmail')}
          autoComplete="off"
        />
        <FormField
          label="From name"
          value={values.fromName}
          onValueChange={(fromName) => set({ fromName })}
          error={error('fromName')}
          autoComplete="off"
          hint="Emails go out under the company name in Settings; this name is used only while that is empty."
        />
      </div>
      <h3 className="integrations-subtitle">Incoming (IMAP)</h3>
      <div className="integrations-grid">
        <FormField
          label="IMAP host"
          value={values.imapHost}
          onValueChange={(imapHost) => set({ imapHost })}
          error={error('imapHost')}
          autoComplete="off"
        />
        <FormField
          label="IMAP port"
          value={String(values.imapPort)}
          onValueChange={(imapPort) => set({ imapPort })}
          error={error('imapPort')}
          inputMode="numeric"
          autoComplete="off"
        />
        <FormField
          label="IMAP user"
          value={values.imapUser}
          onValueChange={(imapUser) => set({ imapUser })}
          error={error('imapUser')}
          autoComplete="off"
        />
        <SecretField
          label="IMAP password"
          value={values.imapPass}
          onValueChange={(imapPass) => set({ imapPass })}
          error={error('imapPass')}
        />
      </div>
      <h3 className="integrations-subtitle">Delivery events (SendGrid Event Webhook)</h3>
      <TextAreaField
        label="Event webhook verification key"
        rows={3}
        spellCheck={false}
        value={values.eventWebhookKey ?? ''}
        onValueChange={(eventWebhookKey) => set({ eventWebhookKey })}
        error={error('eventWebhookKey')}
        hint="SendGrid, Settings, Mail Settings, Event Webhook: turn on Signed Event Webhook and paste the verification key it shows. Events are refused until it is set."
      />
      <WebhookUrl
        label="Post URL for SendGrid's Event Webhook"
        path="/api/integrations/email/events"
      />
      <TestSend label="Email" mutation={test} unsaved={unsaved} />
    </Section>
  );
}
