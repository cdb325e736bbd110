import { useId, useRef } from 'react';

/**
 * Several values of one kind (names, phones, emails): one labelled input each, a remove button
 * per value and an add button. Empty inputs are dropped on save.
 */
export function MultiValueField({
  label,
  itemLabel,
  values,
  onChange,
  type = 'text',
  autoComplete,
  error,
  autoFocus,
}: {
  /** The group's legend, e.g. 'Phones'. */
  label: string;
  /** One value's name, e.g. 'Phone' (inputs read 'Phone 1', 'Phone 2'). */
  itemLabel: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
  error?: string;
  /** Focuses the first input when mounted. */
  autoFocus?: boolean;
}) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const shown = values.length > 0 ? values : [''];
  const lower = itemLabel.toLowerCase();

  function add() {
    onChange([...shown, '']);
    // Focus the new input once it is rendered.
    requestAnimationFrame(() => {
      const inputs = listRef.current?.querySelectorAll('input');
      inputs?.[inputs.length - 1]?.focus();
    });
  }

  function remove(index: number) {
    onChange(shown.filter((_, i) => i !== index));
    requestAnimationFrame(() => listRef.current?.querySelector('input')?.focus());
  }

  return (
    <fieldset className="multi-value" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="ui-field__label">{label}</legend>
      <div ref={listRef} className="multi-value__list">
        {shown.map((value, index) => (
          <div key={index} className="multi-value__row">
            <input
              type={type}
              className="ui-input"
              aria-label={`${itemLabel} ${index + 1}`}
              aria-invalid={error ? true : undefined}
              autoComplete={autoComplete}
              autoFocus={autoFocus && index === 0}
              inputMode={type === 'tel' ? 'tel' : undefined}
              value={value}
              onChange={(event) =>
                onChange(shown.map((v, i) => (i === index ? event.target.value : v)))
              }
            />
            {shown.length > 1 && (
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${lower} ${index + 1}`}
                onClick={() => remove(index)}
              >
                ×
              </button>
            )}
          </div>
        ))}
      </div>
      <button type="button" className="btn btn--ghost btn--small" onClick={add}>
        + Add {lower}
      </button>
      {error && (
        <p id={`${id}-error`} className="ui-error-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}
