import { FormField } from '../../../../lib/form-field';
import { AmountField } from '../../components/shared/amount-field';
import { ProcessField } from '../../components/shared/process-field';
import type { EntryForm } from '../model/entry-form';
import { TagsField } from './tags-field';

type MetaFields = Pick<EntryForm, 'category' | 'amount' | 'process' | 'tags'>;

/** Category, amount (INR), process and tags. */
export function MetaSection({
  values,
  onChange,
  categoryOptions,
  tagSuggestions,
  amountError,
}: {
  values: MetaFields;
  onChange: <K extends keyof MetaFields>(key: K, value: MetaFields[K]) => void;
  categoryOptions: readonly string[];
  tagSuggestions: readonly string[];
  amountError?: string;
}) {
  return (
    <fieldset className="add-entry__section">
      <legend className="add-entry__legend">Meta</legend>
      <div className="add-entry__grid">
        <FormField
          as="select"
          label="Category"
          value={values.category}
          onValueChange={(category) => onChange('category', category)}
        >
          <option value="">Not set</option>
          {categoryOptions.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </FormField>
        <AmountField
          value={values.amount}
          onValueChange={(amount) => onChange('amount', amount)}
          error={amountError}
        />
        <ProcessField
          value={values.process}
          onValueChange={(process) => onChange('process', process)}
        />
      </div>
      <TagsField
        tags={values.tags}
        suggestions={tagSuggestions}
        onChange={(tags) => onChange('tags', tags)}
      />
    </fieldset>
  );
}
