// Meta's status callbacks (sent, delivered, read, failed) about what the app sent. Meta may put
// up to 1,000 updates in one notification (it does not promise to): a notification's statuses
// are grouped by the message they are about, each message's applied as one change in the order
// Meta listed them, and several messages at once, so a full batch answers well within Meta's
// wait instead of one transaction after another.
import {
  applyEachMessage,
  applyProviderStatuses,
  type DeliveryUpdate,
} from '../../domain/messages';
import { whatsappErrorWords } from '../../integrations/whatsapp/errors';
import { list, obj, type Json } from './meta-json';
import { textOf } from '../../stored-text';

type Status = DeliveryUpdate & { messageId: string };

const STATES = new Set(['sent', 'delivered', 'read', 'failed']);

/** One status in Meta's words, or undefined when it names no message or no state we keep. */
function statusOf(status: Json): { outboundId: string; update: Status } | undefined {
  const messageId = textOf(status.id);
  const state = textOf(status.status);
  if (!messageId || !STATES.has(state)) return undefined;
  const error = list(status.errors)
    .map((e) =>
      whatsappErrorWords(
        typeof e.code === 'number' ? e.code : undefined,
        textOf(obj(e.error_data).details) || textOf(e.message) || textOf(e.title),
      ),
    )
    .join('; ');
  return {
    // Our messages carry their queue id; a message without one is found by its own id.
    outboundId: textOf(status.biz_opaque_callback_data),
    update: {
      messageId,
      delivery: state as Status['delivery'],
      at: new Date(Number(status.timestamp) * 1000 || Date.now()),
      error: error || undefined,
    },
  };
}

/** Applies the statuses (Meta's `statuses` objects) of one notification; answers how many matched a message of ours. */
export async function applyWhatsAppStatuses(statuses: readonly Json[]): Promise<number> {
  const byMessage = new Map<string, { outboundId: string; update: Status }[]>();
  for (const status of statuses) {
    const parsed = statusOf(status);
    if (!parsed) continue;
    const key = parsed.outboundId || `id:${parsed.update.messageId}`;
    byMessage.set(key, [...(byMessage.get(key) ?? []), parsed]);
  }
  const { found } = await applyEachMessage(byMessage.values(), (group) =>
    applyProviderStatuses(
      group[0].outboundId,
      group.map((s) => s.update),
    ),
  );
  return found.length;
}
