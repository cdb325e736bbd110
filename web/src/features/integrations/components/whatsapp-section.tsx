import { FormField } from '../../../lib/form-field';
import { TemplateLinkFields } from '../../whatsapp';
import type { Integrations } from '../api/types';
import { SecretField } from './secret-field';
import { Section, WebhookUrl } from './section';
import { TestSend } from './test-send';

/** One provider's part of the draft: its values, a patch setter, and its fields' errors. */
export interface ProviderFields<T> {
  values: T;
  set: (patch: Partial<T>) => void;
  error: (field: string) => string | undefined;
  serverSecretSet: boolean;
  /** The send test's mutation, and whether the form has changes not saved yet. */
  test: Parameters<typeof TestSend>[0]['mutation'];
  unsaved: boolean;
}

const NO_TEMPLATE = { name: '', language: '', textParam: null, nameParam: null };

/** WhatsApp Cloud API: the account, the default template outside the window, the webhook. */
export function WhatsAppSection({
  values,
  set,
  error,
  serverSecretSet,
  test,
  unsaved,
}: ProviderFields<Integrations['whatsapp']>) {
  return (
    <Section
      title="WhatsApp"
      note={
        serverSecretSet && (
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
          value={values.verifyToken}
          onValueChange={(verifyToken) => set({ verifyToken })}
          error={error('verifyToken')}
          autoComplete="off"
          hint="Meta sends it back when you register the webhook."
        />
        <SecretField
          label="Access token"
          value={values.token}
          onValueChange={(token) => set({ token })}
          error={error('token')}
        />
        <FormField
          label="Phone number ID"
          value={values.phoneNumberId}
          onValueChange={(phoneNumberId) => set({ phoneNumberId })}
          error={error('phoneNumberId')}
          inputMode="numeric"
          autoComplete="off"
        />
        <SecretField
          label="App secret"
          value={values.appSecret}
          onValueChange={(appSecret) => set({ appSecret })}
          error={error('appSecret')}
        />
        <FormField
          label="WhatsApp Business Account ID"
          value={values.wabaId ?? ''}
          onValueChange={(wabaId) => set({ wabaId })}
          error={error('wabaId')}
          inputMode="numeric"
          autoComplete="off"
          hint="Its approved templates are synced under Templates, WhatsApp."
        />
      </div>
      <h3 className="integrations-subtitle">Outside the 24-hour window</h3>
      <TemplateLinkFields
        label="Default template"
        value={values.defaultTemplate?.name ? values.defaultTemplate : null}
        onChange={(link) => set({ defaultTemplate: link ?? NO_TEMPLATE })}
        noneLabel="None (WhatsApp is not sent to customers whose window is closed)"
        hint="Sent when the customer has not written in the last 24 hours and no template is chosen; the typed text fills its parameter."
      />
      {error('defaultTemplate') && <p className="ui-field__error">{error('defaultTemplate')}</p>}
      <WebhookUrl
        label="Webhook URL for Meta (WhatsApp, Configuration, Webhook)"
        path="/api/integrations/whatsapp/webhook"
      />
      <TestSend label="WhatsApp" mutation={test} unsaved={unsaved} />
    </Section>
  );
}
