// A message that belongs to nothing (the send route): queued on its own, tried at once, and
// answered as the provider's answer to its first part.
import { getDb } from '../../firebase';
import type { SendOutcome } from '../../integrations';
import {
  enqueue,
  newOutboundRef,
  OUTBOUND,
  type NewOutbound,
  type OutboundDoc,
} from './outbound-doc';
import { deliverNow } from './outbound-worker';

export async function sendQueued(message: NewOutbound): Promise<SendOutcome> {
  const ref = newOutboundRef();
  await getDb().runTransaction(async (tx) => enqueue(tx, ref, message));
  await deliverNow([ref.id]);
  const doc = (await getDb().collection(OUTBOUND).doc(ref.id).get()).data() as OutboundDoc;
  const broken = doc.parts.find((p) => p.state !== 'sent');
  const provider = message.channel;
  if (!broken) return { ok: true, provider, messageId: doc.parts[0]?.messageId ?? '' };
  const words =
    broken.state === 'queued'
      ? `${broken.error ?? 'Not sent yet'}; it will be tried again`
      : (broken.error ?? broken.state);
  return { ok: false, provider, error: words };
}
