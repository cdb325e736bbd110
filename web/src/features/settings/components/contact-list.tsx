import { X } from 'lucide-react';
import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';

/**
 * One admin contact list: an input with Add, the list shown comma-joined, each value
 * removable. `check` returns a message when a value cannot be added.
 */
export function ContactList({
  label,
  listLabel,
  values,
  onChange,
  check,
  type,
  errors,
  show = (value) => value,
}: {
  /** 'Add phone' */
  label: string;
  /** 'Admin numbers' */
  listLabel: string;
  values: string[];
  onChange: (values: string[]) => void;
  check: (value: string) => string | null;
  type: 'tel' | 'email';
  /** Messages the server gave for this list. */
  errors: string[];
  /** How a stored value reads (phones as people write them). */
  show?: (value: string) => string;
}) {
  const inputId = useId();
  const problemId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function add() {
    const value = text.trim();
    const message = check(value);
    if (message) {
      setProblem(message);
      return;
    }
    setProblem(null);
    setText('');
    if (!values.includes(value)) onChange([...values, value]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds to the list rather than submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  }

  const messages = [problem, ...errors].filter((m): m is string => Boolean(m));
  return (
    <div className="settings-contacts">
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={inputId}>
          {label}
        </label>
        <div className="settings-contacts__add">
          <input
            id={inputId}
            className="ui-input"
            type={type}
            inputMode={type}
            autoComplete="off"
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={messages.length > 0 ? problemId : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="btn btn--outline" onClick={add}>
            Add
          </button>
        </div>
        {messages.length > 0 && (
          <p id={problemId} className="ui-field__error" role="alert">
            {messages.join(' ')}
          </p>
        )}
      </div>
      <div className="settings-contacts__list">
        <span id={listId} className="ui-field__label">
          {listLabel}:
        </span>{' '}
        {values.length === 0 ? (
          <span className="ui-muted">none yet</span>
        ) : (
          // Each value once, comma-joined, with its own remove button.
          <ul className="settings-contacts__joined" aria-labelledby={listId}>
            {values.map((value, index) => (
              <li key={value}>
                {show(value)}
                <button
                  type="button"
                  className="settings-contacts__remove"
                  aria-label={`Remove ${value}`}
                  title={`Remove ${show(value)}`}
                  onClick={() => onChange(values.filter((v) => v !== value))}
                >
                  <X aria-hidden="true" size={14} />
                </button>
                {index < values.length - 1 && ', '}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
