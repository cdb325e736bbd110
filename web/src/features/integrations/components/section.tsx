import { useId } from 'react';
import type { ReactNode } from 'react';
import { FieldFrame } from '../../../lib/field-frame';
import { FormField } from '../../../lib/form-field';
import { SecretField } from './secret-field';
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

/**
 * A provider's panel of the Integrations form: its title, a note when the server's own secret
 * overrides what is saved here, its fields, the webhook URL to paste at the provider, and its
 * Send test.
 */
export function ProviderSection<T>({
  title,
  provider,
  secretNote,
  webhook,
  children,
}: {
  title: string;
  provider: ProviderFields<T>;
  secretNote: ReactNode;
  webhook: { label: string; path: string };
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="ui-panel integrations-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-panel__title">
        {title}
      </h2>
      {provider.serverSecretSet && <p className="ui-alert ui-alert--info">{secretNote}</p>}
      {children}
      <WebhookUrl {...webhook} />
      <TestSend label={title} mutation={provider.test} unsaved={provider.unsaved} />
    </section>
  );
}

/** The value, setter and error of one of a provider's fields, for a field component. */
export function bindField<T>(provider: ProviderFields<T>, name: keyof T & string) {
  return {
    value: String(provider.values[name] ?? ''),
    onValueChange: (value: string) => provider.set({ [name]: value } as Partial<T>),
    error: provider.error(name),
  };
}

/** One input of a provider: plain text by default; a secret is write-only (SecretField). */
type FieldSpec = { label: string; kind?: 'text' | 'numeric' | 'email' | 'secret'; hint?: string };

/** A provider's inputs by the name of the value each edits, in the order they are shown. */
export type FieldSpecs<T> = { [K in keyof T & string]?: FieldSpec };

/** A grid of a provider's inputs, in the order given. */
export function FieldGrid<T>({
  provider,
  fields,
}: {
  provider: ProviderFields<T>;
  fields: FieldSpecs<T>;
}) {
  const names = Object.keys(fields) as (keyof T & string)[];
  return (
    <div className="integrations-grid">
      {names.map((name) => {
        const { label, kind = 'text', hint } = fields[name] as FieldSpec;
        return kind === 'secret' ? (
          <SecretField key={name} label={label} {...bindField(provider, name)} />
        ) : (
          <FormField
            key={name}
            label={label}
            {...bindField(provider, name)}
            type={kind === 'email' ? 'email' : undefined}
            inputMode={kind === 'numeric' ? 'numeric' : undefined}
            autoComplete="off"
            hint={hint}
          />
        );
      })}
    </div>
  );
}

/** A URL to paste at the provider, built from where this console is served. */
function WebhookUrl({ label, path }: { label: string; path: string }) {
  return (
    <div className="integrations-webhook">
      <FieldFrame
        label={label}
        control={(wiring) => (
          <input
            {...wiring}
            className="ui-input integrations-url"
            readOnly
            value={`${window.location.origin}${path}`}
            onFocus={(event) => event.target.select()}
          />
        )}
      />
    </div>
  );
}
