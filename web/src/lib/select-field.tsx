import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

/** A labelled select (the choice sibling of FormField); other select attributes pass through. */
export function SelectField({
  label,
  hint,
  error,
  value,
  onValueChange,
  children,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The options. */
  children: ReactNode;
}) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(wiring) => (
        <select
          {...select}
          {...wiring}
          className="ui-input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        >
          {children}
        </select>
      )}
    />
  );
}
