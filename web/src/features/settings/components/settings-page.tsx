import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { FormField, fieldErrors } from '../../../lib/form-field';
import { PageHeader } from '../../../lib/page-header';
import { formatPhone } from '../../../lib/phone';
import { QueryState } from '../../../lib/query-state';
import { SaveFooter } from '../../../lib/save-footer';
import { useSettings } from '../../../resources/settings';
import type { Settings } from '../api/types';
import { useUpdateSettings } from '../api/update-settings';
import { TaxSettings } from './tax-settings';
import { ContactList } from './contact-list';
import './settings.css';

const PHONE = /^\+?\d{10,15}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkPhone(value: string): string | null {
  return PHONE.test(value.replace(/[\s()-]/g, '')) ? null : 'Enter a valid phone number';
}

export function checkEmail(value: string): string | null {
  return EMAIL.test(value) ? null : 'Enter a valid email address';
}

/** Settings: company name, admin contacts, notification switches, Save All. */
export function SettingsPage() {
  const query = useSettings();
  return (
    <>
      <PageHeader title="Settings" />
      <QueryState query={query} errorFallback="Failed to load settings">
        {(settings) => (
          <>
            <SettingsForm settings={settings} />
            <TaxSettings settings={settings} />
          </>
        )}
      </QueryState>
    </>
  );
}

type Draft = Pick<Settings, 'companyName' | 'adminNumbers' | 'adminEmails' | 'notifications'>;

const draftOf = (s: Settings): Draft => ({
  companyName: s.companyName,
  adminNumbers: s.adminNumbers,
  adminEmails: s.adminEmails,
  notifications: s.notifications,
});

const NOTIFICATION_SWITCHES = [
  { channel: 'email', label: 'Email' },
  { channel: 'whatsapp', label: 'WhatsApp' },
] as const;

const messagesFor = (errors: Record<string, string>, field: string) =>
  Object.entries(errors)
    .filter(([key]) => key === field || key.startsWith(`${field}.`))
    .map(([, message]) => message);

function SettingsForm({ settings }: { settings: Settings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [saved, setSaved] = useState(false);
  // Each save starts the contact inputs afresh: a message about a value typed before it would
  // otherwise stand beside 'Saved'.
  const [saves, setSaves] = useState(0);
  const update = useUpdateSettings();
  const errors = fieldErrors(update.error);
  const notificationsId = useId();

  const change = (patch: Partial<Draft>) => {
    setSaved(false);
    setDraft({ ...draft, ...patch });
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    try {
      const answer = await update.mutateAsync({ ...draft, companyName: draft.companyName.trim() });
      setDraft(draftOf(answer));
      setSaved(true);
      setSaves((n) => n + 1);
    } catch {
      // Shown below the form.
    }
  }

  return (
    <form className="settings" onSubmit={save} noValidate aria-label="Settings">
      <section className="ui-panel">
        <FormField
          label="Company name"
          value={draft.companyName}
          onValueChange={(companyName) => change({ companyName })}
          error={errors.companyName}
          autoComplete="organization"
          maxLength={120}
          hint="Shown on the sign-in page and at the top of the menu."
        />
      </section>

      <section className="ui-panel" aria-labelledby={`${notificationsId}-contacts`}>
        <h2 id={`${notificationsId}-contacts`} className="ui-panel__title">
          Admin contacts
        </h2>
        <div className="settings-contacts-grid">
          <ContactList
            key={`numbers-${saves}`}
            show={formatPhone}
            label="Add phone"
            listLabel="Admin numbers"
            type="tel"
            values={draft.adminNumbers}
            onChange={(adminNumbers) => change({ adminNumbers })}
            check={checkPhone}
            errors={messagesFor(errors, 'adminNumbers')}
          />
          <ContactList
            key={`emails-${saves}`}
            label="Add email"
            listLabel="Admin emails"
            type="email"
            values={draft.adminEmails}
            onChange={(adminEmails) => change({ adminEmails })}
            check={checkEmail}
            errors={messagesFor(errors, 'adminEmails')}
          />
        </div>
      </section>

      <fieldset className="ui-panel settings-notifications">
        <legend className="ui-panel__title">Notifications</legend>
        <p className="ui-muted">Admin notifications also go out to the admin contacts by:</p>
        {NOTIFICATION_SWITCHES.map(({ channel, label }) => (
          <label key={channel} className="settings-switch">
            <input
              type="checkbox"
              role="switch"
              className="ui-checkbox"
              checked={draft.notifications[channel]}
              onChange={(event) =>
                change({
                  notifications: { ...draft.notifications, [channel]: event.target.checked },
                })
              }
            />
            {label}
          </label>
        ))}
      </fieldset>

      <div role="status" aria-live="polite">
        {saved && <p className="ui-alert ui-alert--success">Saved</p>}
      </div>
      <SaveFooter label="Save All" saving={update.isPending} error={update.error} />
    </form>
  );
}
