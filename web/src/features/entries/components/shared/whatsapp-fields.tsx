import { TextAreaField } from '../../../../lib/text-area-field';
import { ApprovedTemplateSelect, WhatsAppPreviewPanel } from '../../../whatsapp';
import type { PreviewRequest } from '../../../whatsapp';
import type { Template } from '../../api/types';
import { WhatsAppTemplatePicker } from './template-picker';

export type WhatsAppFieldsChange = { text?: string; templateId?: string };

/**
 * A composer's WhatsApp part: the app's templates (filling the text, sending their linked
 * approved template), the approved template to send, the text, and the server's preview of
 * what the customer will receive.
 */
export function WhatsAppFields({
  templates,
  text,
  templateId,
  onChange,
  textHint,
  preview,
}: {
  templates: readonly Template[];
  text: string;
  /** An app WhatsApp template's id, an approved template's name, or '' for none. */
  templateId: string;
  onChange: (change: WhatsAppFieldsChange) => void;
  textHint?: string;
  /** What to preview; null while there is nothing to ask (no customer phone). */
  preview: PreviewRequest | null;
}) {
  const appTemplate = templates.find((t) => t.type === 'whatsapp' && t._id === templateId);
  return (
    <>
      <WhatsAppTemplatePicker
        templates={templates}
        text={text}
        templateId={templateId}
        onPick={onChange}
      />
      <ApprovedTemplateSelect
        value={appTemplate ? '' : templateId}
        onChange={(name) => onChange({ templateId: name })}
        {...(appTemplate?.approved && {
          hint: `The template "${appTemplate.title}" sends the approved template "${appTemplate.approved.name}". Choose one here to send another.`,
        })}
      />
      <TextAreaField
        label="WhatsApp text"
        rows={3}
        value={text}
        onValueChange={(value) => onChange({ text: value })}
        hint={textHint}
      />
      <WhatsAppPreviewPanel request={preview} />
    </>
  );
}
