import { FormField } from '../../../../lib/form-field';
import type { Template } from '../../../../resources/templates';
import { TemplateChoiceField } from '../../components/shared/template-choice-field';
import type { TemplatePick } from '../../model/template-choice';
import { CheckLabel } from '../../../../lib/check-label';

/**
 * The message (the entry's description, and what every channel on sends), typed or filled
 * from a template; the one template picker also chooses WhatsApp's approved template.
 */
export function MessageSection({
  description,
  onDescriptionChange,
  onTemplatePick,
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
  onTemplatePick: (pick: TemplatePick) => void;
  templates: readonly Template[];
  /** Admins only: saving a template (POST /admin/templates) is refused to everyone else. */
  offerSaveAsTemplate: boolean;
  saveAsTemplate: boolean;
  onSaveAsTemplateChange: (value: boolean) => void;
}) {
  return (
    <fieldset className="add-entry__section">
      <legend className="add-entry__legend">Message</legend>
      <TemplateChoiceField templates={templates} onPick={onTemplatePick} />
      <FormField
        as="textarea"
        label="Description"
        rows={4}
        value={description}
        onValueChange={onDescriptionChange}
        hint={fallbackHint}
      />
      {offerSaveAsTemplate && (
        <CheckLabel
          className="add-entry__check"
          checked={saveAsTemplate}
          onChange={onSaveAsTemplateChange}
        >
          <span>Save this message as a text template</span>
        </CheckLabel>
      )}
    </fieldset>
  );
}
