import type { InputHTMLAttributes, ReactNode } from 'react';
import { ApiError } from './api-client';
import { FieldFrame } from './field-frame';

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
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(wiring) => (
        <input
          {...input}
          {...wiring}
          className="ui-input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    />
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
