import { FormField } from './form-field';
import { GST_RATES } from '@contract/gst';

/** A GST rate chosen from the rates GST has (0, 0.25, 3, 5, 12, 18, 28 %), as text. */
export function GstRateField({
  value,
  onValueChange,
  error,
}: {
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField as="select" label="GST %" value={value} onValueChange={onValueChange} error={error}>
      {GST_RATES.map((rate) => (
        <option key={rate} value={String(rate)}>
          {rate} %
        </option>
      ))}
    </FormField>
  );
}
