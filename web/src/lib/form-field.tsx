import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { ApiError } from './api-client';
import './ui.css';

/**
 * A labelled input with an optional hint and error message, both tied to the input
 * (aria-describedby, aria-invalid). Other input attributes pass through.
 */
export function FormField({
  label,
  hint,
  error,
  value,
  onValueChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="ui-input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The per-field messages of a 400 answer (`fields`: path → message), else none. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) {
    return {};
  }
  const { fields } = error.body as { fields?: unknown };
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
