import { useId } from 'react';
import type { Template } from '../api/types';

/**
 * A select of templates of one type; choosing one hands it to `onPick` (which fills the fields
 * it stands for). Shows 'No templates' when there are none.
 */
export function TemplatePicker({
  label,
  templates,
  value,
  onPick,
}: {
  label: string;
  templates: readonly Template[];
  /** The picked template's id, '' for none. */
  value: string;
  onPick: (template: Template | null) => void;
}) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ui-input"
        value={value}
        disabled={templates.length === 0}
        onChange={(event) =>
          onPick(templates.find((template) => template._id === event.target.value) ?? null)
        }
      >
        <option value="">{templates.length === 0 ? 'No templates' : 'None'}</option>
        {templates.map((template) => (
          <option key={template._id} value={template._id}>
            {template.title}
          </option>
        ))}
      </select>
    </div>
  );
}
