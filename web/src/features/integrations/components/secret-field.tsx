import { FormField } from '../../../lib/form-field';

/** Masked values start with this (the server never sends a secret back in full). */
export const MASK = '••••';

/**
 * A write-only value (token, password): shown masked as saved; left as is it keeps the saved
 * value, a new value replaces it, an empty field removes it.
 */
export function SecretField({
  label,
  value,
  onValueChange,
  error,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}) {
  const saved = value.startsWith(MASK);
  return (
    <FormField
      label={label}
      type="password"
      autoComplete="new-password"
      spellCheck={false}
      value={value}
      onValueChange={onValueChange}
      error={error}
      hint={
        saved
          ? `Saved (${value}). Type a new value to replace it, or clear it to remove it.`
          : undefined
      }
    />
  );
}
