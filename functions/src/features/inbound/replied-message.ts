// The message an inbound WhatsApp message answers (Meta's context.id: the customer swiped an
// earlier message to reply), found in the conversations by its WhatsApp id, with its text.
import { findMessageByProviderId, type MessageOwner } from '../../domain/messages';

const QUOTE_MAX = 300;

/**
 * The replied message as the reply keeps it, its queue id when it was one of ours, and the quote
 * it sent when it sent one.
 */
export async function repliedMessage(providerId: string): Promise<{
  replyTo: { providerId: string; text?: string };
  outboundId?: string;
  quoteId?: string;
}> {
  const found = await findMessageByProviderId(providerId);
  const text: unknown = found?.get('text');
  const outboundId: unknown = found?.get('outboundId');
  const owner = found?.get('owner') as MessageOwner | null | undefined;
  return {
    replyTo: {
      providerId,
      ...(typeof text === 'string' && text ? { text: text.slice(0, QUOTE_MAX) } : {}),
    },
    ...(typeof outboundId === 'string' && outboundId ? { outboundId } : {}),
    ...(owner?.kind === 'quote' && { quoteId: owner.id }),
  };
}
