import { SelectField } from '../../../lib/select-field';
import { useApprovedTemplates } from '../api/get-catalog';

export const NO_TEMPLATE_HINT =
  "None: the text inside the customer's 24-hour window, the company's default template outside it.";

/**
 * The composers' choice of an approved template, by name (sent as the message's templateId);
 * '' is none.
 */
export function ApprovedTemplateSelect({
  value,
  onChange,
  hint = NO_TEMPLATE_HINT,
}: {
  value: string;
  onChange: (name: string) => void;
  hint?: string;
}) {
  const approved = useApprovedTemplates();
  const names = [...new Set(approved.map((template) => template.name))];
  return (
    <SelectField label="Approved template" value={value} onValueChange={onChange} hint={hint}>
      <option value="">None</option>
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}
