// A message that belongs to no entry or follow-up (the send route, the conversation's reply
// box): queued on its own and tried at once; the send route answers the provider's answer to
// its first part.
import type { SendOutcome } from '../../integrations';
import {
  enqueueAlone,
  readOutbound,
  type NewOutbound,
  type OutboundDoc,
} from '../../domain/messages';
import { deliverNow } from './outbound-worker';

/** Queues `message` on its own, tries it at once and waits for that try; answers its queue id. */
export async function queueAndDeliver(message: NewOutbound): Promise<string> {
  const id = await enqueueAlone(message);
  await deliverNow([id]);
  return id;
}

export async function sendQueued(message: NewOutbound): Promise<SendOutcome> {
  const doc = (await readOutbound(await queueAndDeliver(message))) as OutboundDoc;
  const broken = doc.parts.find((p) => p.state !== 'sent');
  const provider = message.channel;
  if (!broken) return { ok: true, provider, messageId: doc.parts[0]?.messageId ?? '' };
  const words =
    broken.state === 'queued'
      ? `${broken.error ?? 'Not sent yet'}; it will be tried again`
      : (broken.error ?? broken.state);
  return { ok: false, provider, error: words };
}
