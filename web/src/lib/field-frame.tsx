import { useId } from 'react';
import type { ReactNode } from 'react';
import './ui.css';

/** What a field's control needs to be tied to its label, hint and error. */
export type FieldWiring = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * The frame every labelled field shares: the label, the control (given its id and aria wiring)
 * and an optional hint and error message, both tied to the control.
 */
export function FieldFrame({
  label,
  hint,
  error,
  control,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  control: (wiring: FieldWiring) => ReactNode;
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
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
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
