// The one-time move of messages stored before domain/messages owned them, so that one path
// serves every message: queue documents whose owner is a document path become typed owners,
// and WhatsApp messages sent before the send queue (an entry's `dispatch.whatsapp` or a
// follow-up's `results.whatsapp` with a message id and no queue id) get a queue document of
// their own, found by their message id when Meta's statuses about them come. Running it again
// changes nothing.
import {
  FieldPath,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Query,
} from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { ENTRIES, FOLLOW_UPS } from '../entries/constants';
import { patchRecord } from '../writes/records';
import { OUTBOUND_MESSAGES } from './constants';
import type { MessageOwner } from './owner';
import { withoutUndefinedDeep, type Delivery, type OutboundDoc } from './queue-store';

const PAGE = 200;

export interface MigrationResult {
  ownersTyped: number;
  queuedOlderMessages: number;
}

/** Every document of the ordered `query`, a page at a time. */
async function eachPage(query: Query, visit: (docs: DocumentSnapshot[]) => Promise<void>) {
  let after: DocumentSnapshot | undefined;
  for (;;) {
    const page = await (after ? query.startAfter(after) : query).limit(PAGE).get();
    if (page.empty) return;
    await visit(page.docs);
    after = page.docs[page.docs.length - 1];
  }
}

/** A stored owner written as `{ path: 'entries/x', field }`, as a typed owner. */
function typedOwner(stored: DocumentData): MessageOwner | null {
  const owner = stored.owner as { path?: unknown } | null | undefined;
  if (typeof owner?.path === 'string') {
    const [collection, id] = owner.path.split('/');
    if (collection === ENTRIES && id) return { kind: 'entry', id };
    if (collection === FOLLOW_UPS && id) return { kind: 'followUp', id };
    return null;
  }
  if (stored.source === 'reply' && typeof stored.customerId === 'string')
    return { kind: 'reply', id: stored.customerId };
  return null;
}

async function typeOwners(): Promise<number> {
  const db = getDb();
  let typed = 0;
  await eachPage(db.collection(OUTBOUND_MESSAGES).orderBy(FieldPath.documentId()), async (docs) => {
    const batch = db.batch();
    let writes = 0;
    for (const doc of docs) {
      const data = doc.data() ?? {};
      const legacyPath = typeof (data.owner as { path?: unknown } | null)?.path === 'string';
      const legacyReply = data.source === 'reply' && !data.owner;
      if (!legacyPath && !legacyReply) continue;
      const parts = Array.isArray(data.parts) ? (data.parts as { messageId?: string }[]) : [];
      const providerIds = parts.flatMap((p) => (p.messageId ? [p.messageId] : []));
      batch.update(doc.ref, {
        owner: typedOwner(data),
        ...(providerIds.length > 0 && { providerIds }),
      });
      writes++;
    }
    if (writes > 0) await batch.commit();
    typed += writes;
  });
  return typed;
}

const DELIVERIES = new Set<Delivery>(['sent', 'delivered', 'read', 'failed']);

/** Queue documents for the WhatsApp messages of `collection` sent before the send queue. */
async function queueOlderMessages(
  collection: string,
  field: string,
  kind: MessageOwner['kind'],
): Promise<number> {
  const db = getDb();
  let queued = 0;
  const query = db
    .collection(collection)
    .where(`${field}.messageId`, '>', '')
    .orderBy(`${field}.messageId`)
    .orderBy(FieldPath.documentId());
  await eachPage(query, async (docs) => {
    for (const doc of docs) {
      const view = doc.get(field) as DocumentData | undefined;
      if (!view || typeof view.messageId !== 'string' || view.outboundId) continue;
      const ref = db.collection(OUTBOUND_MESSAGES).doc();
      const at = view.at instanceof Timestamp ? view.at : Timestamp.now();
      const delivery = DELIVERIES.has(view.status as Delivery) ? (view.status as Delivery) : 'sent';
      const message: OutboundDoc = {
        channel: 'whatsapp',
        owner: { kind, id: doc.id },
        to: typeof view.to === 'string' ? view.to : '',
        parts: [
          {
            kind: 'text',
            text: typeof view.preview === 'string' ? view.preview : '',
            state: 'sent',
            messageId: view.messageId,
            at,
            delivery,
            ...(typeof view.error === 'string' && { error: view.error }),
          },
        ],
        state: 'done',
        attempts: 1,
        nextAttemptAt: at,
        createdAt: at,
        timeline: [{ status: delivery, at }],
        // The conversation never showed these messages: they stay out of it.
        threaded: true,
        providerIds: [view.messageId],
      };
      const batch = db.batch();
      batch.create(ref, withoutUndefinedDeep(message));
      patchRecord(batch, doc.ref, [`${field}.outboundId`, ref.id]);
      await batch.commit();
      queued++;
    }
  });
  return queued;
}

export async function migrateMessages(): Promise<MigrationResult> {
  const ownersTyped = await typeOwners();
  const queuedOlderMessages =
    (await queueOlderMessages(ENTRIES, 'dispatch.whatsapp', 'entry')) +
    (await queueOlderMessages(FOLLOW_UPS, 'results.whatsapp', 'followUp'));
  return { ownersTyped, queuedOlderMessages };
}
