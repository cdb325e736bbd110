// What the providers' callbacks say of a queued message (WhatsApp statuses, SendGrid events),
// found by the queue id the message carried. A state only moves forward (Meta may skip
// 'delivered' and does not keep order; SendGrid repeats events), a failure keeps its reason,
// and a callback settles a message whose send timed out: the provider surely took it.
import { Timestamp } from 'firebase-admin/firestore';
import {
  outboundIdOfProviderId,
  type Delivery,
  type OutboundDoc,
  type OutboundPart,
} from './queue-store';
import { recordChange } from './record';

const RANK: Record<Delivery, number> = {
  sent: 1,
  processed: 1,
  deferred: 2,
  delivered: 3,
  read: 4,
  opened: 4,
  failed: 0,
};

/** Whether `next` may replace `current`: forward only; a failure unless already read/opened. */
export function movesForward(current: Delivery | undefined, next: Delivery): boolean {
  if (next === 'failed') return current !== 'read' && current !== 'opened' && current !== 'failed';
  if (current === 'failed') return false;
  return RANK[next] > (current ? RANK[current] : 0);
}

export interface DeliveryUpdate {
  /** The provider's id of the message, when the callback has one. */
  messageId?: string;
  delivery: Delivery;
  at: Date;
  error?: string;
}

/** The part the callback is about: its message id, else the one whose send had no answer. */
function partIndex(doc: OutboundDoc, messageId: string | undefined): number {
  if (messageId) {
    const byId = doc.parts.findIndex((p) => p.messageId === messageId);
    if (byId >= 0) return byId;
  }
  if (doc.parts.length === 1) return 0;
  return doc.parts.findIndex(
    (p) => !p.messageId && (p.state === 'unknown' || p.state === 'queued'),
  );
}

/** The message after one callback; null when it changes nothing. */
function withDelivery(doc: OutboundDoc, update: DeliveryUpdate): OutboundDoc | null {
  const index = partIndex(doc, update.messageId);
  if (index < 0) return null;
  const part: OutboundPart = { ...doc.parts[index] };
  if (!movesForward(part.delivery, update.delivery)) return null;
  part.delivery = update.delivery;
  part.deliveryAt = Timestamp.fromDate(update.at);
  if (update.messageId && !part.messageId) part.messageId = update.messageId;
  if (update.delivery === 'failed')
    part.error = update.error ?? 'The provider could not deliver it';
  // A callback proves the provider took a message whose send had no answer.
  if (part.state === 'unknown') {
    part.state = 'sent';
    if (update.delivery !== 'failed') delete part.error;
  }
  const parts = doc.parts.map((p, i) => (i === index ? part : p));
  return { ...doc, parts };
}

/**
 * Applies callbacks about the queued message `outboundId`, in order, as one change; false when
 * there is no such message.
 */
export async function applyDeliveries(
  outboundId: string,
  updates: readonly DeliveryUpdate[],
): Promise<boolean> {
  if (!/^[A-Za-z0-9]{1,64}$/.test(outboundId)) return false;
  // recordChange answers null only when there is no such message (no claim is checked here).
  const stored = await recordChange(outboundId, (doc) => {
    let next: OutboundDoc | null = null;
    for (const update of updates) next = withDelivery(next ?? doc, update) ?? next;
    return next;
  });
  return stored !== null;
}

/**
 * WhatsApp status callbacks about one message, in the order Meta listed them: matched by the
 * queue id the message carried (`biz_opaque_callback_data`), else by the provider's message id.
 * False when no message of ours has either.
 */
export async function applyProviderStatuses(
  outboundId: string,
  updates: readonly (DeliveryUpdate & { messageId: string })[],
): Promise<boolean> {
  if (updates.length === 0) return false;
  if (outboundId && (await applyDeliveries(outboundId, updates))) return true;
  const found = await outboundIdOfProviderId(updates[0].messageId);
  return found ? applyDeliveries(found, updates) : false;
}

/** Messages whose callbacks are applied at once; each message's callbacks are one change. */
const MESSAGES_AT_ONCE = 16;

/**
 * A provider's batch of callbacks, already grouped by the message each is about: each group is
 * applied by `apply` (one change a message), MESSAGES_AT_ONCE messages at a time. Answers the
 * callbacks whose message was found and those whose message was not.
 */
export async function applyEachMessage<T>(
  groups: Iterable<T[]>,
  apply: (callbacks: T[]) => Promise<boolean>,
): Promise<{ found: T[]; unmatched: T[] }> {
  const waiting = [...groups];
  const found: T[] = [];
  const unmatched: T[] = [];
  const worker = async () => {
    for (let group = waiting.shift(); group; group = waiting.shift())
      ((await apply(group)) ? found : unmatched).push(...group);
  };
  await Promise.all(Array.from({ length: Math.min(MESSAGES_AT_ONCE, waiting.length) }, worker));
  return { found, unmatched };
}
