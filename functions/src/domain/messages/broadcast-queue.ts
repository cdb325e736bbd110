// A broadcast's recipients in the send queue: one queue document each, its id made of the
// broadcast's id and the phone (so a repeated or resumed start never queues one twice), written
// 'paced': only the paced dispatcher (features/broadcasts/dispatcher.ts) sends them, in its
// slots. Its counts are count() queries over these documents (no counter written per send).
import { FieldPath, Timestamp, type Query } from 'firebase-admin/firestore';
import { now } from '../../clock';
import { getDb } from '../../firebase';
import { OUTBOUND_MESSAGES } from './constants';
import type { WhatsAppPart } from './parts';
import { recordChange } from './record';
import { withoutUndefinedDeep, type OutboundDoc } from './queue-store';

/** Firestore's most writes in one batch. */
const BATCH = 500;

export interface BroadcastRecipientMessage {
  /** E.164. */
  to: string;
  customerId: string | null;
  recipientName: string;
  parts: WhatsAppPart[];
  preview: string;
  byName: string;
  senderUid: string;
  /** Why it is not to be sent at all (stored as skipped with this reason). */
  skip?: string;
}

const queue = () => getDb().collection(OUTBOUND_MESSAGES);

/** The queue id of broadcast `broadcastId`'s message to `phone` (letters and digits only). */
export const broadcastMessageId = (broadcastId: string, phone: string) =>
  `${broadcastId}p${phone.replace(/\D/g, '')}`;

const ofBroadcast = (broadcastId: string) => queue().where('broadcastId', '==', broadcastId);

/**
 * Queues each recipient once, in batches of 500; those already queued (an earlier start, a
 * crash between batches) are left as they are. Answers how many were new.
 */
export async function queueBroadcastRecipients(
  broadcastId: string,
  recipients: BroadcastRecipientMessage[],
): Promise<number> {
  let created = 0;
  for (let from = 0; from < recipients.length; from += BATCH) {
    const chunk = recipients.slice(from, from + BATCH);
    for (let attempt = 0; ; attempt++) {
      const refs = chunk.map((r) => queue().doc(broadcastMessageId(broadcastId, r.to)));
      const stored = await getDb().getAll(...refs, { fieldMask: ['state'] });
      const missing = chunk.filter((_, i) => !stored[i].exists);
      if (missing.length === 0) break;
      const batch = getDb().batch();
      const at = Timestamp.fromMillis(now());
      for (const r of missing) {
        const doc: OutboundDoc = {
          channel: 'whatsapp',
          owner: { kind: 'broadcast', id: broadcastId },
          to: r.to,
          parts: r.parts.map((part) =>
            r.skip ? { ...part, state: 'skipped', error: r.skip } : { ...part, state: 'queued' },
          ),
          state: r.skip ? 'done' : 'paced',
          attempts: 0,
          nextAttemptAt: at,
          createdAt: at,
          timeline: [{ status: 'queued', at }],
          preview: r.preview,
          customerId: r.customerId ?? undefined,
          byName: r.byName,
          senderUid: r.senderUid,
          broadcastId,
          recipientName: r.recipientName,
          status: r.skip ? 'skipped' : 'queued',
        };
        batch.create(queue().doc(broadcastMessageId(broadcastId, r.to)), withoutUndefinedDeep(doc));
      }
      try {
        await batch.commit();
        created += missing.length;
        break;
      } catch (err) {
        // Another start queued some of them meanwhile: read again and write the rest.
        if ((err as { code?: number }).code !== 6 || attempt >= 2) throw err;
      }
    }
  }
  return created;
}

/** Whom a broadcast has a recipient document of, whatever its state: by phone and by customer. */
export interface BroadcastRecipientsHad {
  /** E.164. */
  phones: Set<string>;
  customerIds: Set<string>;
}

/** The phones and customers broadcast `broadcastId` already has a recipient document of. */
export async function broadcastRecipientsHad(broadcastId: string): Promise<BroadcastRecipientsHad> {
  const snap = await ofBroadcast(broadcastId).select('to', 'customerId').get();
  const had: BroadcastRecipientsHad = { phones: new Set(), customerIds: new Set() };
  for (const doc of snap.docs) {
    had.phones.add(String(doc.get('to')));
    const customerId = doc.get('customerId') as string | undefined;
    if (customerId) had.customerIds.add(customerId);
  }
  return had;
}

/** The phones Meta held a broadcast's marketing message back from (131049) since `since`. */
export async function heldBackPhones(since: number): Promise<Set<string>> {
  const held = await queue()
    .where('heldBackAt', '>=', Timestamp.fromMillis(since))
    .select('to')
    .get();
  return new Set(held.docs.map((doc) => String(doc.get('to'))));
}

/** A broadcast's recipient waiting for a slot: its queue id, phone and customer. */
export interface PacedRecipient {
  id: string;
  to: string;
  customerId: string | undefined;
}

/** The broadcast's recipients waiting for a slot and due at `at`, soonest first. */
export async function duePaced(
  broadcastId: string,
  at: number,
  limit: number,
): Promise<PacedRecipient[]> {
  const due = await ofBroadcast(broadcastId)
    .where('state', '==', 'paced')
    .where('nextAttemptAt', '<=', Timestamp.fromMillis(at))
    .orderBy('nextAttemptAt')
    .limit(limit)
    .select('to', 'customerId')
    .get();
  return due.docs.map((doc) => ({
    id: doc.id,
    to: String(doc.get('to')),
    customerId: doc.get('customerId') as string | undefined,
  }));
}

/** The broadcast's recipients claimed for a send (state `sending`), whatever their claim's age. */
function claimedNow(broadcastId: string) {
  return ofBroadcast(broadcastId).where('state', '==', 'sending');
}

/** The broadcast's recipients claimed for a send at `claimedBy` or before and still sending. */
export async function oldBroadcastClaims(broadcastId: string, claimedBy: number) {
  const sending = await claimedNow(broadcastId).select('claimToken', 'claimedAt').get();
  return sending.docs
    .filter(
      (doc) => ((doc.get('claimedAt') as Timestamp | undefined)?.toMillis() ?? 0) <= claimedBy,
    )
    .map((doc) => ({
      id: doc.id,
      claimToken: doc.get('claimToken') as string | undefined,
      claimedAt: (doc.get('claimedAt') as Timestamp | undefined)?.toMillis() ?? 0,
    }));
}

/** When the broadcast's next waiting recipient is due (ms), or null when none waits. */
export async function nextPacedAt(broadcastId: string): Promise<number | null> {
  const next = await ofBroadcast(broadcastId)
    .where('state', '==', 'paced')
    .orderBy('nextAttemptAt')
    .limit(1)
    .get();
  const at = next.docs[0]?.get('nextAttemptAt') as Timestamp | undefined;
  return at ? at.toMillis() : null;
}

/** How many of the broadcast's recipients are not settled (waiting or being sent). */
export async function unsettledCount(broadcastId: string): Promise<number> {
  const snap = await ofBroadcast(broadcastId)
    .where('state', 'in', ['paced', 'sending'])
    .count()
    .get();
  return snap.data().count;
}

const counted = async (query: Query) => (await query.count().get()).data().count;

/** The broadcast's recipients by state, each a count() query. */
export async function broadcastStatusCounts(broadcastId: string) {
  const by = (statuses: string[]) =>
    counted(ofBroadcast(broadcastId).where('status', 'in', statuses));
  const [queued, sent, delivered, read, failed, skipped, replied, optedOutAfter] =
    await Promise.all([
      by(['queued', 'sending']),
      by(['sent', 'delivered', 'read']),
      by(['delivered', 'read']),
      by(['read']),
      by(['failed', 'unknown']),
      by(['skipped', 'cancelled']),
      counted(ofBroadcast(broadcastId).where('replied', '==', true)),
      counted(ofBroadcast(broadcastId).where('optedOutAfter', '==', true)),
    ]);
  return { queued, sent, delivered, read, replied, failed, skipped, optedOutAfter };
}

/** Broadcast templates sent since `since` (ms): the users a broadcast reached, for the limit. */
export async function initiatedSince(since: number): Promise<{ count: number; oldest: number }> {
  const recent = queue().where('initiatedAt', '>=', Timestamp.fromMillis(since));
  const [count, first] = await Promise.all([
    counted(recent),
    recent.orderBy('initiatedAt').limit(1).get(),
  ]);
  const oldest = first.docs[0]?.get('initiatedAt') as Timestamp | undefined;
  return { count, oldest: oldest?.toMillis() ?? now() };
}

export interface BroadcastRecipientRow {
  phone: string;
  name: string;
  status: string;
  reason: string;
  replied: boolean;
}

/** The broadcast's recipients, `limit` at a time after `afterId`, in id order. */
export async function broadcastRecipientsPage(
  broadcastId: string,
  afterId: string | null,
  limit: number,
): Promise<{ rows: BroadcastRecipientRow[]; lastId: string | null }> {
  let query = ofBroadcast(broadcastId).orderBy(FieldPath.documentId()).limit(limit);
  if (afterId) query = query.startAfter(afterId);
  const snap = await query.get();
  const rows = snap.docs.map((doc) => {
    const data = doc.data() as OutboundDoc;
    const part = data.parts[0];
    return {
      phone: String(data.to),
      name: data.recipientName ?? '',
      status: data.status ?? 'queued',
      reason: part?.error ?? '',
      replied: data.replied === true,
    };
  });
  return { rows, lastId: snap.docs.at(-1)?.id ?? null };
}

const skippedParts = (doc: OutboundDoc, reason: string) =>
  doc.parts.map((p) =>
    p.state === 'queued' ? { ...p, state: 'skipped' as const, error: reason } : p,
  );

/** A recipient settled without being sent: 'skipped' (opted out since, cancelled) with the reason. */
export function skippedRecipient(doc: OutboundDoc, reason: string): OutboundDoc {
  return { ...doc, state: 'done', parts: skippedParts(doc, reason) };
}

/** Settles a recipient the dispatcher claimed without sending it (skippedRecipient). */
export function skipClaimed(id: string, token: string, reason: string) {
  return recordChange(id, (doc) => skippedRecipient(doc, reason), token);
}

/**
 * The broadcast's recipients still waiting, settled as cancelled with `reason` (never sent, so
 * no conversation shows them yet: only the queue document changes). Those being sent are
 * marked: a send that ends records its outcome as ever, and one whose sender stopped is
 * cancelled when Meta never named it (settleAbandonedPaced).
 */
export async function cancelWaiting(broadcastId: string, reason: string): Promise<number> {
  // Only each claim's reference is needed: the mark is a blind update.
  const sending = await claimedNow(broadcastId).select().get();
  for (let i = 0; i < sending.size; i += BATCH) {
    const batch = getDb().batch();
    for (const doc of sending.docs.slice(i, i + BATCH))
      batch.update(doc.ref, { cancelled: reason });
    await batch.commit();
  }
  let cancelled = 0;
  for (;;) {
    const waiting = await ofBroadcast(broadcastId).where('state', '==', 'paced').limit(BATCH).get();
    if (waiting.empty) return cancelled;
    const batch = getDb().batch();
    const at = Timestamp.fromMillis(now());
    for (const doc of waiting.docs) {
      const data = doc.data() as OutboundDoc;
      batch.update(doc.ref, {
        state: 'done',
        status: 'cancelled',
        parts: skippedParts(data, reason),
        timeline: [...data.timeline, { status: 'cancelled', at, error: reason }],
      });
    }
    await batch.commit();
    cancelled += waiting.size;
  }
}

/**
 * The broadcast message to `phone` a reply answers: the one named by its queue id (the
 * conversation message the customer swiped), else the latest broadcast message sent to that
 * phone within `withinMs`. Answers its queue id and broadcast.
 */
export async function broadcastMessageAnswered(
  phone: string,
  outboundId: string | undefined,
  withinMs: number,
): Promise<{ id: string; broadcastId: string } | null> {
  if (outboundId) {
    const named = await queue().doc(outboundId).get();
    const broadcastId = named.get('broadcastId') as string | undefined;
    if (named.exists && broadcastId) return { id: named.id, broadcastId };
    return null;
  }
  const sent = await queue()
    .where('to', '==', phone)
    .where('initiatedAt', '>=', Timestamp.fromMillis(now() - withinMs))
    .orderBy('initiatedAt', 'desc')
    .limit(1)
    .get();
  const doc = sent.docs[0];
  const broadcastId = doc?.get('broadcastId') as string | undefined;
  return doc && broadcastId ? { id: doc.id, broadcastId } : null;
}

/** Marks broadcast message `id`: the recipient replied, or wrote STOP after it. */
export async function markBroadcastResponse(id: string, what: 'replied' | 'optedOutAfter') {
  await queue()
    .doc(id)
    .update({ [what]: true });
}
