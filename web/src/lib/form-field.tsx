import type {
  ChangeEvent,
  ElementType,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { ApiError } from './api-client';
import { FieldFrame } from './field-frame';

/** The controls a field may hold, with the attributes each takes. */
interface Controls {
  input: InputHTMLAttributes<HTMLInputElement>;
  textarea: TextareaHTMLAttributes<HTMLTextAreaElement>;
  select: SelectHTMLAttributes<HTMLSelectElement>;
}

type ControlElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export type FormFieldProps<C extends keyof Controls> = Omit<
  Controls[C],
  'value' | 'onChange' | 'id'
> & {
  /** The control: an input (the default), a textarea or a select (its options as children). */
  as?: C;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * A labelled input, textarea or select with an optional hint and error message, both tied to
 * the control (aria-describedby, aria-invalid). Other attributes of the control pass through.
 */
export function FormField<C extends keyof Controls = 'input'>({
  as,
  label,
  hint,
  error,
  value,
  onValueChange,
  ...control
}: FormFieldProps<C>) {
  // One element type for the three: each control's attributes are checked at the call.
  const Control = (as ?? 'input') as ElementType;
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(wiring) => (
        <Control
          {...control}
          {...wiring}
          className="ui-input"
          value={value}
          onChange={(event: ChangeEvent<ControlElement>) => onValueChange(event.target.value)}
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
