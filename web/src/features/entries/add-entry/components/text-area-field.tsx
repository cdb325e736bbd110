import { useId } from 'react';
import type { TextareaHTMLAttributes } from 'react';

/** A labelled textarea with an optional hint tied to it (FormField's twin for long text). */
export function TextAreaField({
  label,
  hint,
  value,
  onValueChange,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'> & {
  label: string;
  hint?: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        className="ui-input"
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="ui-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
