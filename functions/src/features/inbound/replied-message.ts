// The message an inbound WhatsApp message answers (Meta's context.id: the customer swiped an
// earlier message to reply), found in the conversations by its WhatsApp id, with its text.
import { findMessageByProviderId } from '../../domain/messages';

const QUOTE_MAX = 300;

/** The replied message as the reply keeps it, and its queue id when it was one of ours. */
export async function repliedMessage(
  providerId: string,
): Promise<{ replyTo: { providerId: string; text?: string }; outboundId?: string }> {
  const found = await findMessageByProviderId(providerId);
  const text: unknown = found?.get('text');
  const outboundId: unknown = found?.get('outboundId');
  return {
    replyTo: {
      providerId,
      ...(typeof text === 'string' && text ? { text: text.slice(0, QUOTE_MAX) } : {}),
    },
    ...(typeof outboundId === 'string' && outboundId ? { outboundId } : {}),
  };
}
