import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

/** A labelled textarea with an optional hint tied to it (the long-text sibling of FormField). */
export function TextAreaField({
  label,
  hint,
  error,
  value,
  onValueChange,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'> & {
  label: string;
  hint?: string;
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
        <textarea
          {...textarea}
          {...wiring}
          className="ui-input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    />
  );
}
