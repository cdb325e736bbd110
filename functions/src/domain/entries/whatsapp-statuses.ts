// WhatsApp status callbacks (sent, delivered, read, failed) for messages sent before the send
// queue, which carry no queue id: matched on the message id, on an entry's dispatch and on a
// follow-up's results. A status never moves back (a late 'delivered' after 'read' is
// ignored); 'failed' keeps the reason. Queued messages are matched by
// features/messaging/delivery.ts.
import type { DocumentData, DocumentReference } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { ENTRIES } from './constants';
import { FOLLOW_UPS } from '../followups/constants';
import { patchRecord } from '../writes/records';

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
    patchRecord(tx, ref, ...Object.entries(fields));
  });
}

/** Every entry and follow-up holding the message id gets the status; answers how many. */
export async function applyWhatsAppStatus(update: StatusUpdate): Promise<number> {
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
