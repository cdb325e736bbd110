import { useId } from 'react';
import { FormField } from '../../../../lib/form-field';
import { PROCESSES } from '../model/constants';
import type { EntryForm } from '../model/entry-form';
import { TagsField } from './tags-field';
import { TextAreaField } from './text-area-field';

type MetaFields = Pick<EntryForm, 'category' | 'amount' | 'process' | 'tags' | 'extraNote'>;

/** Category, amount (INR), process, tags and an extra note. */
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
  const id = useId();
  return (
    <fieldset className="add-entry__section">
      <legend className="add-entry__legend">Meta</legend>
      <div className="add-entry__grid">
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${id}-category`}>
            Category
          </label>
          <select
            id={`${id}-category`}
            className="ui-input"
            value={values.category}
            onChange={(event) => onChange('category', event.target.value)}
          >
            <option value="">Not set</option>
            {categoryOptions.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
        <FormField
          label="Amount (₹)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={values.amount}
          onValueChange={(amount) => onChange('amount', amount)}
          error={amountError}
        />
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={`${id}-process`}>
            Process
          </label>
          <select
            id={`${id}-process`}
            className="ui-input"
            value={values.process}
            onChange={(event) => onChange('process', event.target.value)}
          >
            <option value="">Not set</option>
            {PROCESSES.map((process) => (
              <option key={process} value={process}>
                {process}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TagsField
        tags={values.tags}
        suggestions={tagSuggestions}
        onChange={(tags) => onChange('tags', tags)}
      />
      <TextAreaField
        label="Extra note"
        rows={2}
        value={values.extraNote}
        onValueChange={(extraNote) => onChange('extraNote', extraNote)}
      />
    </fieldset>
  );
}
