import { PROCESSES } from '@contract/entries';
import { FormField } from '../../../../lib/form-field';

/** The entry's process, one of the contract's list or not set. */
export function ProcessField({
  value,
  onValueChange,
}: {
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <FormField as="select" label="Process" value={value} onValueChange={onValueChange}>
      <option value="">Not set</option>
      {PROCESSES.map((process) => (
        <option key={process} value={process}>
          {process}
        </option>
      ))}
    </FormField>
  );
}
