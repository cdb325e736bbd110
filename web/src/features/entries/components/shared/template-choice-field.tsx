import { useState } from 'react';
import { FormField } from '../../../../lib/form-field';
import { useApprovedTemplates } from '../../../whatsapp';
import type { Template } from '../../../../resources/templates';
import { pickTemplate, templateGroups, type TemplatePick } from '../../model/template-choice';

/** The composers' one template picker (model/template-choice.ts says what it offers). */
export function TemplateChoiceField({
  templates,
  onPick,
}: {
  templates: readonly Template[];
  onPick: (pick: TemplatePick) => void;
}) {
  const approved = useApprovedTemplates();
  const groups = templateGroups(templates, approved);
  const [value, setValue] = useState('');
  const [hint, setHint] = useState('');
  return (
    <FormField
      as="select"
      label="Template"
      value={value}
      disabled={groups.length === 0}
      hint={hint || undefined}
      onValueChange={(next) => {
        const pick = pickTemplate(next, templates);
        setValue(next);
        setHint(pick.hint);
        onPick(pick);
      }}
    >
      <option value="">{groups.length === 0 ? 'No templates' : 'None'}</option>
      {groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </FormField>
  );
}
