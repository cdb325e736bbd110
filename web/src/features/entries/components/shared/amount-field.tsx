import { FormField } from '../../../../lib/form-field';

/** The amount in INR (min 0, step 0.01), on the Add Entry and Edit Entry forms. */
export function AmountField({
  value,
  onValueChange,
  error,
}: {
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField
      label="Amount (₹)"
      type="number"
      inputMode="decimal"
      min={0}
      step={0.01}
      value={value}
      onValueChange={onValueChange}
      error={error}
    />
  );
}
