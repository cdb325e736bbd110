// The message an inbound WhatsApp message answers (Meta's context.id: the customer swiped an
// earlier message to reply), found in the conversations by its WhatsApp id, with its text.
import { findMessageByProviderId } from '../../domain/messages';

const QUOTE_MAX = 300;

export async function repliedMessage(
  providerId: string,
): Promise<{ providerId: string; text?: string }> {
  const text: unknown = (await findMessageByProviderId(providerId))?.get('text');
  return {
    providerId,
    ...(typeof text === 'string' && text ? { text: text.slice(0, QUOTE_MAX) } : {}),
  };
}
