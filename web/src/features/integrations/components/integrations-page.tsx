import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { FormField, fieldErrors } from '../../../lib/form-field';
import { PageHeader } from '../../../lib/page-header';
import { QueryState } from '../../../lib/query-state';
import { SaveFooter } from '../../../lib/save-footer';
import { TextAreaField } from '../../../lib/text-area-field';
import { useToast } from '../../../lib/toast';
import { TemplateLinkFields } from '../../whatsapp';
import { useSettings } from '../../../resources/settings';
import { useTestEmail } from '../api/test-email';
import { useTestWhatsApp } from '../api/test-whatsapp';
import type { IntegrationSettings, Integrations } from '../api/types';
import { useUpdateIntegrations } from '../api/update-integrations';
import { SecretField } from './secret-field';
import { TestSend } from './test-send';
import './integrations.css';

/** Integrations: WhatsApp and Email settings, one Save, a Send test for each. */
export function IntegrationsPage() {
  const query = useSettings();
  return (
    <>
      <PageHeader title="Integrations" />
      <QueryState query={query} errorFallback="Failed to load integrations">
        {(settings) => <IntegrationsForm settings={settings} />}
      </QueryState>
    </>
  );
}

const sameValues = (a: Integrations, b: Integrations) => JSON.stringify(a) === JSON.stringify(b);

function Section({
  title,
  children,
  note,
}: {
  title: string;
  children: ReactNode;
  note?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="ui-panel integrations-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-panel__title">
        {title}
      </h2>
      {note}
      {children}
    </section>
  );
}

const NO_TEMPLATE = { name: '', language: '', textParam: null, nameParam: null };

/** A URL to paste at the provider, built from where this console is served. */
function WebhookUrl({ label, path }: { label: string; path: string }) {
  const id = useId();
  return (
    <div className="ui-field integrations-webhook">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="ui-input integrations-url"
        readOnly
        value={`${window.location.origin}${path}`}
        onFocus={(event) => event.target.select()}
      />
    </div>
  );
}

function IntegrationsForm({ settings }: { settings: IntegrationSettings }) {
  const [saved, setSaved] = useState(settings.integrations);
  const [draft, setDraft] = useState(settings.integrations);
  const update = useUpdateIntegrations();
  const testWhatsApp = useTestWhatsApp();
  const testEmail = useTestEmail();
  const toast = useToast();
  const errors = fieldErrors(update.error);
  const unsaved = !sameValues(draft, saved);
  const server = settings.serverSecrets;

  const wa = draft.whatsapp;
  const em = draft.email;
  const setWa = (patch: Partial<Integrations['whatsapp']>) =>
    setDraft({ ...draft, whatsapp: { ...wa, ...patch } });
  const setEm = (patch: Partial<Integrations['email']>) =>
    setDraft({ ...draft, email: { ...em, ...patch } });
  const waError = (field: string) => errors[`integrations.whatsapp.${field}`];
  const emError = (field: string) => errors[`integrations.email.${field}`];

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await update.mutateAsync(draft);
      setSaved(answer.integrations);
      setDraft(answer.integrations);
      toast.show('Saved', 'success');
    } catch (error) {
      toast.show(errorMessage(error, 'Save failed'), 'danger');
    }
  }

  return (
    <form className="integrations" onSubmit={save} noValidate aria-label="Integrations">
      <Section
        title="WhatsApp"
        note={
          server?.whatsappToken && (
            <p className="ui-alert ui-alert--info">
              The server&apos;s WHATSAPP_TOKEN secret is set: it is used instead of the access token
              saved here.
            </p>
          )
        }
      >
        <div className="integrations-grid">
          <FormField
            label="Verify token"
            value={wa.verifyToken}
            onValueChange={(verifyToken) => setWa({ verifyToken })}
            error={waError('verifyToken')}
            autoComplete="off"
            hint="Meta sends it back when you register the webhook."
          />
          <SecretField
            label="Access token"
            value={wa.token}
            onValueChange={(token) => setWa({ token })}
            error={waError('token')}
          />
          <FormField
            label="Phone number ID"
            value={wa.phoneNumberId}
            onValueChange={(phoneNumberId) => setWa({ phoneNumberId })}
            error={waError('phoneNumberId')}
            inputMode="numeric"
            autoComplete="off"
          />
          <SecretField
            label="App secret"
            value={wa.appSecret}
            onValueChange={(appSecret) => setWa({ appSecret })}
            error={waError('appSecret')}
          />
          <FormField
            label="WhatsApp Business Account ID"
            value={wa.wabaId ?? ''}
            onValueChange={(wabaId) => setWa({ wabaId })}
            error={waError('wabaId')}
            inputMode="numeric"
            autoComplete="off"
            hint="Its approved templates are synced under Templates, WhatsApp."
          />
        </div>
        <h3 className="integrations-subtitle">Outside the 24-hour window</h3>
        <TemplateLinkFields
          label="Default template"
          value={wa.defaultTemplate?.name ? wa.defaultTemplate : null}
          onChange={(link) => setWa({ defaultTemplate: link ?? NO_TEMPLATE })}
          noneLabel="None (WhatsApp is not sent to customers whose window is closed)"
          hint="Sent when the customer has not written in the last 24 hours and no template is chosen; the typed text fills its parameter."
        />
        {waError('defaultTemplate') && (
          <p className="ui-field__error">{waError('defaultTemplate')}</p>
        )}
        <WebhookUrl
          label="Webhook URL for Meta (WhatsApp, Configuration, Webhook)"
          path="/api/integrations/whatsapp/webhook"
        />
        <TestSend label="WhatsApp" mutation={testWhatsApp} unsaved={unsaved} />
      </Section>

      <Section
        title="Email"
        note={
          server?.sendgridApiKey && (
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
            value={em.smtpHost}
            onValueChange={(smtpHost) => setEm({ smtpHost })}
            error={emError('smtpHost')}
            autoComplete="off"
            hint="smtp.sendgrid.net sends through SendGrid's API, the password being the API key."
          />
          <FormField
            label="SMTP port"
            value={String(em.smtpPort)}
            onValueChange={(smtpPort) => setEm({ smtpPort })}
            error={emError('smtpPort')}
            inputMode="numeric"
            autoComplete="off"
          />
          <FormField
            label="SMTP user"
            value={em.smtpUser}
            onValueChange={(smtpUser) => setEm({ smtpUser })}
            error={emError('smtpUser')}
            autoComplete="off"
          />
          <SecretField
            label="SMTP password"
            value={em.smtpPass}
            onValueChange={(smtpPass) => setEm({ smtpPass })}
            error={emError('smtpPass')}
          />
          <FormField
            label="From email"
            type="email"
            value={em.fromEmail}
            onValueChange={(fromEmail) => setEm({ fromEmail })}
            error={emError('fromEmail')}
            autoComplete="off"
          />
          <FormField
            label="From name"
            hint="Emails go out under the company name in Settings; this name is used only while that is empty."
            value={em.fromName}
            onValueChange={(fromName) => setEm({ fromName })}
            error={emError('fromName')}
            autoComplete="off"
          />
        </div>
        <h3 className="integrations-subtitle">Incoming (IMAP)</h3>
        <div className="integrations-grid">
          <FormField
            label="IMAP host"
            value={em.imapHost}
            onValueChange={(imapHost) => setEm({ imapHost })}
            error={emError('imapHost')}
            autoComplete="off"
          />
          <FormField
            label="IMAP port"
            value={String(em.imapPort)}
            onValueChange={(imapPort) => setEm({ imapPort })}
            error={emError('imapPort')}
            inputMode="numeric"
            autoComplete="off"
          />
          <FormField
            label="IMAP user"
            value={em.imapUser}
            onValueChange={(imapUser) => setEm({ imapUser })}
            error={emError('imapUser')}
            autoComplete="off"
          />
          <SecretField
            label="IMAP password"
            value={em.imapPass}
            onValueChange={(imapPass) => setEm({ imapPass })}
            error={emError('imapPass')}
          />
        </div>
        <h3 className="integrations-subtitle">Delivery events (SendGrid Event Webhook)</h3>
        <TextAreaField
          label="Event webhook verification key"
          rows={3}
          spellCheck={false}
          value={em.eventWebhookKey ?? ''}
          onValueChange={(eventWebhookKey) => setEm({ eventWebhookKey })}
          error={emError('eventWebhookKey')}
          hint="SendGrid, Settings, Mail Settings, Event Webhook: turn on Signed Event Webhook and paste the verification key it shows. Events are refused until it is set."
        />
        <WebhookUrl
          label="Post URL for SendGrid's Event Webhook"
          path="/api/integrations/email/events"
        />
        <TestSend label="Email" mutation={testEmail} unsaved={unsaved} />
      </Section>

      {/* Every failure is a toast; it stays as an alert while fields are marked wrong. */}
      <SaveFooter
        label="Save"
        saving={update.isPending}
        error={Object.keys(errors).length > 0 ? update.error : null}
      />
    </form>
  );
}
