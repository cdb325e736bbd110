// The documents that name a customer (entries, follow-ups, …): after a merge, those of the
// merged customers point at the primary, a page of MAX_WRITES_PER_COMMIT at a time; a customer's
// timeline reads its newest.
import { FieldPath, type DocumentData, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { startValues, type TimePosition } from '../../http/page-cursor';
import { ENTRIES } from '../entries/constants';
import { customerCopy } from '../entries/record';
import { touchKeptList } from '../figures/kept-lists';
import { FOLLOW_UPS } from '../followups/constants';
import { followUpCustomerName } from '../followups/customer-name';
import { applyRecent, joinedRecent, noRecent, RecordWriter } from '../writes/records';
import { withCustomerCopy } from '../writes/customer-copies';
import { MAX_WRITES_PER_COMMIT } from './constants';
import type { Customer } from './record';

/**
 * What a moved document gets besides its new customerId: entries keep a copy of the customer
 * (and search keys built from it, rebuilt by the entries feature's derivedFields), follow-ups
 * the customer's name.
 */
function refreshed(collection: string, data: DocumentData, to: Customer): DocumentData {
  if (collection === 'entries') return withCustomerCopy(data, customerCopy(to));
  if (collection === FOLLOW_UPS && typeof data.customerName === 'string')
    return { customerName: followUpCustomerName(to) };
  return {};
}

/** Points every document of `collection` whose customerId is one of `fromIds` at `to`. */
export async function moveLinked(
  collection: string,
  fromIds: readonly string[],
  to: Customer,
): Promise<number> {
  const db = getDb();
  let moved = 0;
  // The pages' newest entries, merged into recent activity once at the end.
  let recent = noRecent();
  try {
    // 'in' takes at most 30 values.
    for (let i = 0; i < fromIds.length; i += 30) {
      const ids = fromIds.slice(i, i + 30);
      for (;;) {
        // Moved documents leave the query, so each round reads the next ones.
        const snapshot = await db
          .collection(collection)
          .where('customerId', 'in', ids)
          .limit(MAX_WRITES_PER_COMMIT)
          .get();
        if (snapshot.empty) break;
        const batch = db.batch();
        const moves = snapshot.docs.map((doc) => {
          const update = { customerId: to._id, ...refreshed(collection, doc.data(), to) };
          return { ref: doc.ref, before: doc.data(), update, after: { ...doc.data(), ...update } };
        });
        // The dashboard's revenue and recent activity follow the entries to the primary.
        const entries = collection === ENTRIES ? RecordWriter.deferred(batch, db) : undefined;
        if (entries) entries.updateEntries(moves);
        else for (const { ref, update } of moves) batch.update(ref, update);
        // The dashboard's follow-ups due show the customer's name.
        if (collection === FOLLOW_UPS) touchKeptList(batch, 'followUpsDue', db);
        await batch.commit();
        if (entries) recent = joinedRecent(recent, entries.recentPart());
        moved += snapshot.size;
      }
    }
  } finally {
    // Also when a later page fails: the pages already moved stay moved.
    await applyRecent(recent, db);
  }
  return moved;
}

/**
 * Up to `limit` documents of `collection` naming `customerId`, newest first (createdAt, then id,
 * descending; one indexed query), starting after `after`.
 */
export async function newestOfCustomer(
  collection: string,
  customerId: string,
  after: TimePosition | undefined,
  limit: number,
): Promise<QueryDocumentSnapshot[]> {
  let query = getDb()
    .collection(collection)
    .where('customerId', '==', customerId)
    .orderBy('createdAt', 'desc')
    .orderBy(FieldPath.documentId(), 'desc');
  if (after) query = query.startAfter(...startValues(after));
  return (await query.limit(limit).get()).docs;
}
