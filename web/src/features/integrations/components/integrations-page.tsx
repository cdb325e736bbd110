import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-field';
import { PageHeader } from '../../../lib/page-header';
import { QueryState } from '../../../lib/query-state';
import { SaveFooter } from '../../../lib/save-footer';
import { useToast } from '../../../lib/toast';
import { useSettings } from '../../../resources/settings';
import { useTestEmail } from '../api/test-email';
import { useTestWhatsApp } from '../api/test-whatsapp';
import type { IntegrationSettings, Integrations } from '../api/types';
import { useUpdateIntegrations } from '../api/update-integrations';
import { EmailSection } from './email-section';
import { WhatsAppSection } from './whatsapp-section';
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

/** The draft of both providers' settings, saved together. */
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
      <WhatsAppSection
        values={draft.whatsapp}
        set={(patch) => setDraft({ ...draft, whatsapp: { ...draft.whatsapp, ...patch } })}
        error={(field) => errors[`integrations.whatsapp.${field}`]}
        serverSecretSet={Boolean(server?.whatsappToken)}
        test={testWhatsApp}
        unsaved={unsaved}
      />
      <EmailSection
        values={draft.email}
        set={(patch) => setDraft({ ...draft, email: { ...draft.email, ...patch } })}
        error={(field) => errors[`integrations.email.${field}`]}
        serverSecretSet={Boolean(server?.sendgridApiKey)}
        test={testEmail}
        unsaved={unsaved}
      />
      {/* Every failure is a toast; it stays as an alert while fields are marked wrong. */}
      <SaveFooter
        label="Save"
        saving={update.isPending}
        error={Object.keys(errors).length > 0 ? update.error : null}
      />
    </form>
  );
}
