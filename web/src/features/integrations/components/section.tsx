import { useId } from 'react';
import type { ReactNode } from 'react';

/** A titled panel of the Integrations form, with an optional note under its title. */
export function Section({
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

/** A URL to paste at the provider, built from where this console is served. */
export function WebhookUrl({ label, path }: { label: string; path: string }) {
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
