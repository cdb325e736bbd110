// The send queue's documents: outboundMessages/{id}, one per channel of one message (an entry's,
// a follow-up's, a reply's, a broadcast recipient's, a quote's), written in the same
// transaction as what it belongs to. The worker sends its
// parts in order and records each one before the next, so no part is ever sent twice.
import {
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Transaction,
} from 'firebase-admin/firestore';
import { now } from '../../clock';
import { getDb } from '../../firebase';
import { markRequestWrite } from '../../http/idempotency';
import { OUTBOUND_MESSAGES } from './constants';
import type { MessageChannel, MessageOwner } from './owner';
import type { PlannedAttachment, WhatsAppPart } from './parts';

/**
 * A part's own state: 'queued' until tried; 'sent' once the provider took it; 'failed' when it
 * refused; 'unknown' when no answer came (it may have gone); 'skipped' when an earlier part
 * did not go (order matters: a file after the text it belongs to).
 */
export type PartState = 'queued' | 'sent' | 'failed' | 'unknown' | 'skipped';

/** What the provider's callbacks said later: sent, delivered, read (WhatsApp), opened (email). */
export type Delivery =
  'sent' | 'processed' | 'deferred' | 'delivered' | 'read' | 'opened' | 'failed';

export interface EmailContent {
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments: PlannedAttachment[];
}

export type OutboundPart = (WhatsAppPart | { kind: 'email' }) & {
  state: PartState;
  messageId?: string;
  error?: string;
  at?: Timestamp;
  delivery?: Delivery;
  deliveryAt?: Timestamp;
};

export interface TimelineItem {
  status: string;
  at: Timestamp;
  error?: string;
}

export interface OutboundDoc {
  channel: MessageChannel;
  /** What it belongs to; null for a message sent on its own (the send route). */
  owner: MessageOwner | null;
  /** WhatsApp: the phone in E.164; email: the recipients. */
  to: string | string[];
  parts: OutboundPart[];
  email?: EmailContent;
  /**
   * 'queued' (waiting for a try), 'paced' (a broadcast recipient waiting for the paced
   * dispatcher's slot: the queue job leaves it alone), 'sending' (a worker holds it), 'done'
   * (nothing left to try).
   */
  state: 'queued' | 'paced' | 'sending' | 'done';
  attempts: number;
  nextAttemptAt: Timestamp;
  claimToken?: string;
  claimedAt?: Timestamp;
  createdAt: Timestamp;
  timeline: TimelineItem[];
  /** WhatsApp: exactly what the customer reads (the text, or the template filled in). */
  preview?: string;
  /** The customer it goes to, when its owner does not say (the conversation's reply box). */
  customerId?: string;
  /** Who sent it, when its owner does not say. */
  byName?: string;
  /** Who sent it (a user's uid), when its owner does not say. */
  senderUid?: string;
  /** Its conversation message (thread-view.ts) exists. */
  threaded?: boolean;
  /** The provider's ids of its parts, for callbacks that carry no queue id. */
  providerIds?: string[];
  /** A broadcast recipient's: the broadcast (its counts are queries on this and `status`). */
  broadcastId?: string;
  /** A broadcast recipient's name, for its recipients list. */
  recipientName?: string;
  /** A broadcast recipient's status as the owner would show it (channelStatus), kept current. */
  status?: string;
  /** When a broadcast's template was sent (the messaging limit counts these in 24 hours). */
  initiatedAt?: Timestamp;
  /** When Meta held this broadcast message back from its user (131049). */
  heldBackAt?: Timestamp;
  /** The recipient answered the broadcast. */
  replied?: boolean;
  /** The recipient wrote STOP after the broadcast. */
  optedOutAfter?: boolean;
  /**
   * Its broadcast was cancelled while it was being sent (the reason): should its sender have
   * stopped mid-send and Meta never named it, it is settled as cancelled, not sent.
   */
  cancelled?: string;
}

export interface NewOutbound {
  channel: OutboundDoc['channel'];
  owner: MessageOwner | null;
  to: string | string[];
  parts: (WhatsAppPart | { kind: 'email' })[];
  email?: EmailContent;
  preview?: string;
  customerId?: string;
  byName?: string;
  senderUid?: string;
}

/** A new queue document's reference (its id goes on the owner before the write). */
export const newOutboundRef = () => getDb().collection(OUTBOUND_MESSAGES).doc();

/** Queues `message` alone (in its own transaction); answers its queue id. */
export async function enqueueAlone(message: NewOutbound): Promise<string> {
  const ref = newOutboundRef();
  await getDb().runTransaction(async (tx) => enqueue(tx, ref, message));
  return ref.id;
}

const outboundRef = (id: string) => getDb().collection(OUTBOUND_MESSAGES).doc(id);

/** The queue document as it stands. */
export async function readOutbound(id: string): Promise<OutboundDoc | undefined> {
  return (await outboundRef(id).get()).data() as OutboundDoc | undefined;
}

/**
 * Runs `work` in one transaction over the queue document as stored (undefined when there is
 * none), with its reference for the transaction's writes.
 */
export function inOutboundTransaction<T>(
  id: string,
  work: (tx: Transaction, stored: OutboundDoc | undefined, ref: DocumentReference) => Promise<T>,
): Promise<T> {
  return getDb().runTransaction(async (tx) => {
    const ref = outboundRef(id);
    return work(tx, (await tx.get(ref)).data() as OutboundDoc | undefined, ref);
  });
}

/** The queue document holding the provider's message id `providerId`, if any. */
export async function outboundIdOfProviderId(providerId: string): Promise<string | undefined> {
  const found = await getDb()
    .collection(OUTBOUND_MESSAGES)
    .where('providerIds', 'array-contains', providerId)
    .limit(1)
    .get();
  return found.docs.at(0)?.id;
}

/** Claims made at `claimedBy` or earlier, oldest first, at most `limit`. */
export async function oldClaims(
  claimedBy: Timestamp,
  limit: number,
): Promise<
  { id: string; claimToken: string | undefined; claimedAt: number; broadcastId?: string }[]
> {
  const stale = await getDb()
    .collection(OUTBOUND_MESSAGES)
    .where('state', '==', 'sending')
    .where('claimedAt', '<=', claimedBy)
    .orderBy('claimedAt')
    .limit(limit)
    .get();
  return stale.docs.map((doc) => ({
    id: doc.id,
    claimToken: doc.get('claimToken') as string | undefined,
    claimedAt: (doc.get('claimedAt') as Timestamp).toMillis(),
    broadcastId: doc.get('broadcastId') as string | undefined,
  }));
}

/** The ids of queued messages due at `at` or before, soonest first, at most `limit`. */
export async function dueOutboundIds(at: Timestamp, limit: number): Promise<string[]> {
  const due = await getDb()
    .collection(OUTBOUND_MESSAGES)
    .where('state', '==', 'queued')
    .where('nextAttemptAt', '<=', at)
    .orderBy('nextAttemptAt')
    .limit(limit)
    .get();
  return due.docs.map((doc) => doc.id);
}

/** Writes the queue document in the caller's transaction. */
export function enqueue(
  tx: Transaction,
  ref: FirebaseFirestore.DocumentReference,
  message: NewOutbound,
): void {
  // The request's idempotency key commits with the message: a repeat queues nothing again.
  markRequestWrite(tx);
  const at = Timestamp.fromMillis(now());
  const doc: OutboundDoc = {
    ...message,
    parts: message.parts.map((part) => ({ ...part, state: 'queued' })),
    state: 'queued',
    attempts: 0,
    nextAttemptAt: at,
    createdAt: at,
    timeline: [{ status: 'queued', at }],
  };
  tx.create(ref, withoutUndefinedDeep(doc));
}

/** Firestore refuses undefined fields: drop them, at any depth. */
export function withoutUndefinedDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutUndefinedDeep) as T;
  if (value && typeof value === 'object' && value.constructor === Object) {
    return Object.fromEntries(
      Object.entries(value as DocumentData)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, withoutUndefinedDeep(v)]),
    ) as T;
  }
  return value;
}
