// An entry's history: entries/{id}/history/{itemId} = { type (created, edited, follow_up,
// comment), when, text, by, byName, snapshot?, createdAt }, listed newest first.
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import { markRequestWrite } from '../../http/idempotency';
import { timestampNow, toIso } from '../../timestamps';
import type { Actor } from './actor';
import { ENTRIES, HISTORY, HISTORY_LIST_LIMIT, NOT_FOUND, type HistoryType } from './constants';
import { withoutUndefined, type EntrySnapshot } from './record';

export interface HistoryInput {
  type: HistoryType;
  text: string;
  /** Who: an actor, or a system source ('WhatsApp', 'Follow-up job'). */
  by: { uid: string | null; name: string };
  when?: Date;
  snapshot?: EntrySnapshot;
  previous?: EntrySnapshot;
  /** Anything else worth keeping (a follow-up's id, a send's outcome). */
  extra?: DocumentData;
}

export const byActor = (actor: Actor) => ({ uid: actor.uid, name: actor.name });

export function historyRef(db: Firestore, entryId: string) {
  return db.collection(ENTRIES).doc(entryId).collection(HISTORY).doc();
}

export function historyDoc(input: HistoryInput): DocumentData {
  const at = timestampNow();
  return withoutUndefined({
    ...input.extra,
    type: input.type,
    when: input.when ? Timestamp.fromDate(input.when) : at,
    text: input.text,
    by: input.by.uid,
    byName: input.by.name,
    snapshot: input.snapshot,
    previous: input.previous,
    createdAt: at,
  });
}

export function toHistoryItem(id: string, data: DocumentData) {
  return {
    _id: id,
    type: typeof data.type === 'string' ? data.type : 'comment',
    when: toIso(data.when),
    createdAt: toIso(data.createdAt),
    text: typeof data.text === 'string' ? data.text : '',
    by: typeof data.by === 'string' ? data.by : null,
    byName: typeof data.byName === 'string' ? data.byName : '',
    snapshot: (data.snapshot as EntrySnapshot | undefined) ?? null,
    ...(data.previous ? { previous: data.previous as EntrySnapshot } : {}),
  };
}

export async function listHistory(entryId: string) {
  const db = getDb();
  const entry = db.collection(ENTRIES).doc(entryId);
  const [snapshot, items] = await Promise.all([
    entry.get(),
    entry.collection(HISTORY).orderBy('when', 'desc').limit(HISTORY_LIST_LIMIT).get(),
  ]);
  if (!snapshot.exists) throw new HttpError(404, NOT_FOUND);
  return items.docs.map((d) => toHistoryItem(d.id, d.data()));
}

/** A comment, stamped with the server's time. */
export async function addComment(entryId: string, input: { text: string }, actor: Actor) {
  const db = getDb();
  const entryRef = db.collection(ENTRIES).doc(entryId);
  const ref = historyRef(db, entryId);
  const doc = historyDoc({
    type: 'comment',
    text: input.text,
    by: byActor(actor),
  });
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(entryRef);
    if (!snapshot.exists) throw new HttpError(404, NOT_FOUND);
    markRequestWrite(tx);
    tx.create(ref, doc);
  });
  return toHistoryItem(ref.id, doc);
}
