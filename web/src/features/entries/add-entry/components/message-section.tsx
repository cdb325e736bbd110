import { Clip } from '../../../../lib/clip';
import { FormField } from '../../../../lib/form-field';
import type { Template } from '../../../../resources/templates';
import { TemplateChoiceField } from '../../components/shared/template-choice-field';
import type { TemplatePick } from '../../model/template-choice';
import type { QuickReplyFill } from '../../quick-replies/quick-replies';
import { useQuickReplyList } from '../../quick-replies/quick-reply-list';

/**
 * The message to the customer (the entry's description, and what every channel on sends), typed
 * or filled from a template; the one template picker also chooses WhatsApp's approved template.
 * The channels follow it, so that what goes and where is read in one place. "/" lists the quick
 * replies, as in the conversation's reply box.
 */
export function MessageSection({
  recipientName,
  description,
  onDescriptionChange,
  onTemplatePick,
  onQuickReply,
  onlyApproved,
  fallbackHint,
  templates,
}: {
  recipientName: string;
  description: string;
  onDescriptionChange: (value: string) => void;
  /** What an empty message becomes. */
  fallbackHint: string;
  onTemplatePick: (pick: TemplatePick) => void;
  onQuickReply: (fill: QuickReplyFill) => void;
  /** WhatsApp goes and its window is closed: only templates linked to an approved one. */
  onlyApproved: boolean;
  templates: readonly Template[];
}) {
  const quick = useQuickReplyList({
    text: description,
    customerName: recipientName,
    onlyApproved,
    onPick: onQuickReply,
    onDismiss: () => onDescriptionChange(''),
  });
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
        placeholder="Type / for quick replies"
        hint={fallbackHint}
        {...quick.textareaProps}
        onKeyDown={quick.onKeyDown}
      />
      {quick.list}
    </fieldset>
  );
}
