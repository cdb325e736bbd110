// Queuing one channel's message with whatever it belongs to: in the caller's transaction the
// queue document is created and the owner's map field says what will go and that it is
// queued. What the rules refused to send is stored as 'not_sent' with the reason, and queues
// nothing. Both channels keep `preview` on the owner: the words the customer received (the
// WhatsApp text or the template as it reads filled in, the email's text), which every screen
// shows beside the message's state.
import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import type { MessageOwner } from './owner';
import { enqueue, newOutboundRef, type EmailContent, type NewOutbound } from './queue-store';
import type { WhatsAppPlan } from './parts';

export interface Queued {
  /** The queue document's id; undefined when nothing was queued. */
  outboundId?: string;
  /** The owner's map field as first stored. */
  fields: DocumentData;
}

/** The most of the received words kept on the owner (an entry document holds both channels). */
export const MAX_PREVIEW = 10_000;
const clipped = (words: string) =>
  words.length > MAX_PREVIEW ? `${words.slice(0, MAX_PREVIEW - 1)}…` : words;

const defined = (value: DocumentData): DocumentData =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/** What the owner shows of a WhatsApp plan before any try. */
export function whatsappFields(plan: WhatsAppPlan): DocumentData {
  return defined({
    templateName: plan.template?.name,
    language: plan.template?.language,
    preview: clipped(plan.preview),
    window: plan.window,
    skipped: plan.skipped,
  });
}

/**
 * Who a message is about and who sent it, for owners whose own document does not say (a
 * quote's): the conversation shows it under that customer, by that sender.
 */
export type QueuedAbout = Pick<NewOutbound, 'customerId' | 'byName' | 'senderUid'>;

export function queueWhatsApp(
  tx: Transaction,
  owner: MessageOwner,
  to: string,
  plan: WhatsAppPlan,
  planned: DocumentData,
  about: QueuedAbout = {},
): Queued {
  const base = { ...planned, ...whatsappFields(plan), at: new Date() };
  if (plan.notSent || plan.parts.length === 0) {
    return {
      fields: defined({ ...base, status: 'not_sent', error: plan.notSent ?? 'Nothing to send' }),
    };
  }
  const ref = newOutboundRef();
  enqueue(tx, ref, {
    ...about,
    channel: 'whatsapp',
    owner,
    to,
    parts: plan.parts,
    preview: plan.preview,
  });
  return { outboundId: ref.id, fields: defined({ ...base, status: 'queued', outboundId: ref.id }) };
}

export function queueEmail(
  tx: Transaction,
  owner: MessageOwner,
  email: EmailContent,
  planned: DocumentData,
  about: QueuedAbout = {},
): Queued {
  const base = { ...planned, preview: clipped(email.text), at: new Date() };
  if (email.to.length === 0) {
    return { fields: defined({ ...base, status: 'not_sent', error: 'No customer email found' }) };
  }
  const ref = newOutboundRef();
  enqueue(tx, ref, {
    ...about,
    channel: 'email',
    owner,
    to: email.to,
    parts: [{ kind: 'email' }],
    email,
  });
  return { outboundId: ref.id, fields: defined({ ...base, status: 'queued', outboundId: ref.id }) };
}

/** The channels whose message did not go (for the answers' `failed` list and the toasts). */
export const NOT_DELIVERED = new Set(['failed', 'not_sent']);
