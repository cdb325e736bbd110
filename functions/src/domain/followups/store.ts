// The follow-ups' documents (followUps/{id}) and what each writes on its entry: the entry's list
// of follow-up summaries and a follow_up history item, in the transaction of the follow-up's
// own change. Scheduling is features/followups/schedule.ts, the job send-due.ts.
import type { DocumentData, Timestamp, Transaction } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import { markRequestWrite } from '../../http/idempotency';
import { timestampNow } from '../../timestamps';
import { MAX_FOLLOW_UPS_ON_ENTRY, NOT_FOUND } from '../entries/constants';
import { entryRef } from '../entries/store';
import { historyDoc, historyRef, type HistoryInput } from '../entries/history';
import { addNotification, type Notice } from '../notifications/notice';
import { touchKeptList } from '../figures/kept-lists';
import { patchRecord } from '../writes/records';
import { FOLLOW_UPS, type FollowUpStatus } from './constants';

/** A summary on the entry's list as an object (anything else becomes an empty one). */
const asRecord = (value: unknown): DocumentData =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as DocumentData) : {};

const followUpRef = (id: string) => getDb().collection(FOLLOW_UPS).doc(id);

/** A new follow-up with its entry's summary and history item, as the scheduler plans it. */
export interface PlannedFollowUp {
  followUp: DocumentData;
  /** Appended to the entry's followUps (the newest MAX_FOLLOW_UPS_ON_ENTRY are kept). */
  summary: DocumentData;
  history: HistoryInput;
  /** The entry's updatedAt. */
  at: Timestamp;
}

/**
 * Schedules a follow-up on entry `entryId` in one transaction: `plan` is given the entry as
 * stored (none is a 404 'Entry not found') and the new follow-up's id; answers that id and the
 * follow-up as written.
 */
export async function scheduleOnEntry(
  entryId: string,
  plan: (entry: DocumentData, followUpId: string) => PlannedFollowUp,
): Promise<{ id: string; followUp: DocumentData }> {
  const db = getDb();
  const entryDoc = entryRef(entryId);
  const ref = db.collection(FOLLOW_UPS).doc();
  const item = historyRef(db, entryId);
  return db.runTransaction(async (tx) => {
    const data = (await tx.get(entryDoc)).data();
    if (!data) throw new HttpError(404, NOT_FOUND);
    const { followUp, summary, history, at } = plan(data, ref.id);
    const list = Array.isArray(data.followUps) ? data.followUps : [];
    markRequestWrite(tx);
    tx.create(ref, followUp);
    touchKeptList(tx, 'followUpsDue', db);
    patchRecord(
      tx,
      entryDoc,
      ['followUps', [...list, summary].slice(-MAX_FOLLOW_UPS_ON_ENTRY)],
      ['updatedAt', at],
    );
    tx.create(item, historyDoc(history));
    return { id: ref.id, followUp };
  });
}

/** Scheduled follow-ups due at `at` or before, soonest first, at most `limit`. */
export async function dueFollowUps(
  at: Timestamp,
  limit: number,
): Promise<{ id: string; data: DocumentData }[]> {
  const due = await getDb()
    .collection(FOLLOW_UPS)
    .where('status', '==', 'scheduled')
    .where('dueAt', '<=', at)
    .orderBy('dueAt')
    .limit(limit)
    .get();
  return due.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/** The follow-up as stored, or undefined when there is none. */
export async function getFollowUpData(id: string): Promise<DocumentData | undefined> {
  return (await followUpRef(id).get()).data();
}

/**
 * Claims follow-up `id` for a run (status 'sending', `token`) in one transaction, in which
 * `queue` writes its messages and answers their results (kept on it); null when it is no
 * longer scheduled (another run has it) or gone.
 */
export function claimFollowUp(
  id: string,
  token: string,
  queue: (tx: Transaction) => { results: DocumentData; queued: string[] },
): Promise<{ data: DocumentData; queued: string[] } | null> {
  const ref = followUpRef(id);
  return getDb().runTransaction(async (tx) => {
    const data = (await tx.get(ref)).data();
    if (!data || data.status !== 'scheduled') return null;
    const { results, queued } = queue(tx);
    tx.update(ref, { status: 'sending', claimedAt: timestampNow(), claimToken: token, results });
    touchKeptList(tx, 'followUpsDue');
    return { data, queued };
  });
}

/**
 * Records a sent follow-up's `status` in one transaction: on it, and when its entry exists on
 * the entry's list, as the history item `history`, and as the notification `notice` answers
 * for the entry (none: nobody is told).
 */
export async function recordFollowUpOutcome(
  id: string,
  entryId: string,
  status: Exclude<FollowUpStatus, 'scheduled' | 'sending'>,
  history: HistoryInput,
  notice: (entry: DocumentData) => Notice | undefined,
): Promise<void> {
  const db = getDb();
  const ref = followUpRef(id);
  // A follow-up without an entry reads a document that does not exist.
  const entryDoc = entryRef(entryId || '-');
  await db.runTransaction(async (tx) => {
    const entry = (await tx.get(entryDoc)).data();
    tx.update(ref, { status, sentAt: timestampNow() });
    touchKeptList(tx, 'followUpsDue', db);
    if (!entry) return;
    const list = (Array.isArray(entry.followUps) ? entry.followUps : []).map(asRecord);
    patchRecord(tx, entryDoc, [
      'followUps',
      list.map((f) => (f._id === id ? { ...f, status } : f)),
    ]);
    tx.create(historyRef(db, entryDoc.id), historyDoc(history));
    const told = notice(entry);
    if (told) addNotification(tx, told);
  });
}

/**
 * Fails the claims made at `claimedBy` or earlier (runs that died mid-send; at most `limit`),
 * each in its own transaction unless it changed meanwhile; answers how many were failed.
 */
export async function failStaleClaims(
  claimedBy: Timestamp,
  limit: number,
  error: string,
): Promise<number> {
  const db = getDb();
  const stale = await db
    .collection(FOLLOW_UPS)
    .where('status', '==', 'sending')
    .where('claimedAt', '<=', claimedBy)
    .orderBy('claimedAt')
    .limit(limit)
    .get();
  let failed = 0;
  for (const doc of stale.docs) {
    const done = await db.runTransaction(async (tx) => {
      const fresh = await tx.get(doc.ref);
      if (fresh.get('status') !== 'sending' || fresh.get('claimToken') !== doc.get('claimToken'))
        return false;
      tx.update(doc.ref, { status: 'failed', error, sentAt: timestampNow() });
      touchKeptList(tx, 'followUpsDue', db);
      return true;
    });
    if (done) failed++;
  }
  return failed;
}
