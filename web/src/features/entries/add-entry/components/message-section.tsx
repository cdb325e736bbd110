import { useState } from 'react';
import { TextAreaField } from '../../../../lib/text-area-field';
import type { Template } from '../../api/types';
import { TemplatePicker } from '../../components/shared/template-picker';

/** The message (the entry's description), filled by hand or from a text template. */
export function MessageSection({
  description,
  onDescriptionChange,
  fallbackHint,
  templates,
  offerSaveAsTemplate,
  saveAsTemplate,
  onSaveAsTemplateChange,
}: {
  description: string;
  onDescriptionChange: (value: string) => void;
  /** What an empty message becomes. */
  fallbackHint: string;
  templates: readonly Template[];
  /** Admins only: saving a template (POST /admin/templates) is refused to everyone else. */
  offerSaveAsTemplate: boolean;
  saveAsTemplate: boolean;
  onSaveAsTemplateChange: (value: boolean) => void;
}) {
  const [templateId, setTemplateId] = useState('');
  return (
    <fieldset className="add-entry__section">
      <legend className="add-entry__legend">Message</legend>
      <TemplatePicker
        label="Text template"
        templates={templates}
        value={templateId}
        onPick={(template) => {
          setTemplateId(template?._id ?? '');
          if (template) onDescriptionChange(template.content);
        }}
      />
      <TextAreaField
        label="Description"
        rows={4}
        value={description}
        onValueChange={onDescriptionChange}
        hint={fallbackHint}
      />
      {offerSaveAsTemplate && (
        <label className="add-entry__check">
          <input
            type="checkbox"
            className="ui-checkbox"
            checked={saveAsTemplate}
            onChange={(event) => onSaveAsTemplateChange(event.target.checked)}
          />
          <span>Save this message as a text template</span>
        </label>
      )}
    </fieldset>
  );
}
