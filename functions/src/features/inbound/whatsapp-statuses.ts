// WhatsApp status callbacks (sent, delivered, read, failed) for the messages the app sent:
// matched on the message id, on an entry's dispatch and on a follow-up's results. A status
// never moves back (a late 'delivered' after 'read' is ignored); 'failed' keeps the reason.
// Meta may call before the send's answer (and so the message id) is stored: such a status is
// held in EARLY_STATUSES and applied when the sender stores the id (applyHeldWhatsAppStatus).
import { createHash } from 'node:crypto';
import { Timestamp, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';
import { now } from '../../clock';
import { getDb } from '../../firebase';
import { ENTRIES } from '../entries/constants';
import { withoutUndefined } from '../entries/record';
import { FOLLOW_UPS } from '../followups/constants';

export interface StatusUpdate {
  messageId: string;
  status: string;
  at: Date;
  error?: string;
}

const RANK: Record<string, number> = { sending: 0, sent: 1, delivered: 2, read: 3 };

/** Whether `next` may replace `current`. */
export function movesForward(current: unknown, next: string): boolean {
  if (next === 'failed') return current !== 'read';
  const from = typeof current === 'string' ? (RANK[current] ?? -1) : -1;
  return (RANK[next] ?? -1) > from;
}

async function applyTo(ref: DocumentReference, path: string, update: StatusUpdate) {
  await getDb().runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    let current: DocumentData | undefined = snapshot.data();
    for (const part of path.split('.')) current = current?.[part] as DocumentData | undefined;
    if (!current || current.messageId !== update.messageId) return;
    if (!movesForward(current.status, update.status)) return;
    const fields: Record<string, unknown> = {
      [`${path}.status`]: update.status,
      [`${path}.statusAt`]: update.at,
    };
    if (update.error) fields[`${path}.error`] = update.error;
    tx.update(ref, fields);
  });
}

/**
 * whatsappEarlyStatuses/{sha256(messageId)} = { messageId, status, at, error?, expiresAt }: the
 * furthest status of a message not found yet (message ids may hold '/', so they are hashed).
 */
export const EARLY_STATUSES = 'whatsappEarlyStatuses';
/** A held status nobody claims is removed after this (a TTL policy on expiresAt). */
export const EARLY_STATUS_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const earlyStatusRef = (messageId: string) =>
  getDb().collection(EARLY_STATUSES).doc(createHash('sha256').update(messageId).digest('hex'));

/** Applies the status wherever the message id is found; answers how many places hold it. */
async function applyWherever(update: StatusUpdate): Promise<number> {
  const db = getDb();
  const [entries, followUps] = await Promise.all([
    db
      .collection(ENTRIES)
      .where('dispatch.whatsapp.messageId', '==', update.messageId)
      .limit(5)
      .get(),
    db
      .collection(FOLLOW_UPS)
      .where('results.whatsapp.messageId', '==', update.messageId)
      .limit(5)
      .get(),
  ]);
  for (const doc of entries.docs) await applyTo(doc.ref, 'dispatch.whatsapp', update);
  for (const doc of followUps.docs) await applyTo(doc.ref, 'results.whatsapp', update);
  return entries.size + followUps.size;
}

/** Keeps a status whose message is not stored yet (only the furthest one of that message). */
async function holdStatus(update: StatusUpdate): Promise<void> {
  const ref = earlyStatusRef(update.messageId);
  await getDb().runTransaction(async (tx) => {
    const held = await tx.get(ref);
    if (held.exists && !movesForward(held.get('status'), update.status)) return;
    tx.set(
      ref,
      withoutUndefined({
        messageId: update.messageId,
        status: update.status,
        at: Timestamp.fromDate(update.at),
        error: update.error,
        expiresAt: Timestamp.fromMillis(now() + EARLY_STATUS_TTL_MS),
      }),
    );
  });
}

/**
 * Applies the status wherever the message id is found, else holds it until the sender stores
 * the id; answers how many places hold the message.
 */
export async function applyWhatsAppStatus(update: StatusUpdate): Promise<number> {
  const found = await applyWherever(update);
  if (found > 0) return found;
  await holdStatus(update);
  // The sender may have stored the id (and looked for held statuses) since the search above:
  // looking once more after holding means one side or the other always applies it.
  return applyHeldWhatsAppStatus(update.messageId);
}

/**
 * Called by every sender right after it stores a WhatsApp message id: applies the status Meta
 * reported before that, if any, and drops it once applied.
 */
export async function applyHeldWhatsAppStatus(messageId: string | undefined): Promise<number> {
  if (!messageId) return 0;
  const ref = earlyStatusRef(messageId);
  const held = await ref.get();
  if (!held.exists) return 0;
  const found = await applyWherever({
    messageId,
    status: String(held.get('status')),
    at: (held.get('at') as Timestamp).toDate(),
    error: (held.get('error') as string | undefined) || undefined,
  });
  if (found > 0) await ref.delete();
  return found;
}
