import { TemplateLinkFields } from '../../whatsapp';
import type { WhatsAppIntegration } from '../api/types';
import { FieldGrid, ProviderSection } from './section';
import type { FieldSpecs, ProviderFields } from './section';

const NO_TEMPLATE = { name: '', language: '', textParam: null, nameParam: null };

const ACCOUNT: FieldSpecs<WhatsAppIntegration> = {
  verifyToken: { label: 'Verify token', hint: 'Meta sends it back when you register the webhook.' },
  token: { label: 'Access token', kind: 'secret' },
  phoneNumberId: { label: 'Phone number ID', kind: 'numeric' },
  appSecret: { label: 'App secret', kind: 'secret' },
  wabaId: {
    label: 'WhatsApp Business Account ID',
    kind: 'numeric',
    hint: 'Its approved templates are synced under Templates, WhatsApp.',
  },
};

/** WhatsApp Cloud API: the account, the default template outside the window, the webhook. */
export function WhatsAppSection(provider: ProviderFields<WhatsAppIntegration>) {
  const { values, set, error } = provider;
  return (
    <ProviderSection
      title="WhatsApp"
      provider={provider}
      secretNote="The server's WHATSAPP_TOKEN secret is set: it is used instead of the access token saved here."
      webhook={{
        label: 'Webhook URL for Meta (WhatsApp, Configuration, Webhook)',
        path: '/api/integrations/whatsapp/webhook',
      }}
    >
      <FieldGrid provider={provider} fields={ACCOUNT} />
      <h3 className="integrations-subtitle">Outside the 24-hour window</h3>
      <TemplateLinkFields
        label="Default template"
        value={values.defaultTemplate?.name ? values.defaultTemplate : null}
        onChange={(link) => set({ defaultTemplate: link ?? NO_TEMPLATE })}
        noneLabel="None (WhatsApp is not sent to customers whose window is closed)"
        hint="Sent when the customer has not written in the last 24 hours and no template is chosen; the typed text fills its parameter."
      />
      {error('defaultTemplate') && <p className="ui-field__error">{error('defaultTemplate')}</p>}
    </ProviderSection>
  );
}
