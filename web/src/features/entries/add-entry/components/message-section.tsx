import { Clip } from '../../../../lib/clip';
import { FormField } from '../../../../lib/form-field';
import type { Template } from '../../../../resources/templates';
import { TemplateChoiceField } from '../../components/shared/template-choice-field';
import type { TemplatePick } from '../../model/template-choice';

/**
 * The message to the customer (the entry's description, and what every channel on sends), typed
 * or filled from a template; the one template picker also chooses WhatsApp's approved template.
 * The channels follow it, so that what goes and where is read in one place.
 */
export function MessageSection({
  recipientName,
  description,
  onDescriptionChange,
  onTemplatePick,
  fallbackHint,
  templates,
}: {
  recipientName: string;
  description: string;
  onDescriptionChange: (value: string) => void;
  /** What an empty message becomes. */
  fallbackHint: string;
  onTemplatePick: (pick: TemplatePick) => void;
  templates: readonly Template[];
}) {
  return (
    <fieldset className="add-entry__section">
      <legend className="add-entry__legend">
        <Clip full={`Message to ${recipientName}`} />
      </legend>
      <TemplateChoiceField templates={templates} onPick={onTemplatePick} />
      <FormField
        as="textarea"
        label="Message"
        rows={3}
        value={description}
        onValueChange={onDescriptionChange}
        hint={fallbackHint}
      />
    </fieldset>
  );
}
