import { FormField } from '../../../../lib/form-field';
import { WhatsAppPreviewPanel } from '../../../whatsapp';
import type { PreviewRequest } from '../../../whatsapp';
import { DifferentText } from './different-text';

/**
 * A composer's WhatsApp part (write once): the message goes unless "Different text" is open,
 * and the server's preview says exactly what the customer will receive, or why nothing goes.
 */
export function WhatsAppFields({
  ownText,
  text,
  onChange,
  textHint,
  preview,
  recipientName,
}: {
  /** "Different text" is open: `text` goes instead of the message. */
  ownText: boolean;
  text: string;
  onChange: (change: { ownText?: boolean; text?: string }) => void;
  textHint?: string;
  /** What to preview; null while there is nothing to ask (no customer phone). */
  preview: PreviewRequest | null;
  /** Who receives it, named in the preview's "… will receive:". */
  recipientName?: string;
}) {
  return (
    <>
      <DifferentText
        channel="WhatsApp"
        open={ownText}
        onToggle={(open) => onChange({ ownText: open })}
      >
        <FormField
          as="textarea"
          label="WhatsApp text"
          rows={3}
          value={text}
          onValueChange={(value) => onChange({ text: value })}
          hint={textHint ?? 'Left empty, the message is sent.'}
        />
      </DifferentText>
      <WhatsAppPreviewPanel request={preview} recipientName={recipientName} />
    </>
  );
}
