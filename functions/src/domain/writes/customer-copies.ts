// Entries keep a copy of their customer and search keys built from it (domain/entries/record.ts). When the
// customer changes (an edit, a merge) every entry of that customer takes the new copy. This runs
// after the customer's own transaction, in batches paged by document id: a customer can have
// thousands of entries, far more than one commit may write.
import type { DocumentData } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { updateInPages } from '../../paged-batches';
import { MAX_WRITES_PER_COMMIT } from '../customers/constants';
import { applyRecent, joinedRecent, noRecent, RecordWriter } from './records';
import { ENTRIES } from '../entries/constants';
import { customerCopy, derivedFields, type CustomerCopy } from '../entries/record';

/** The fields an entry document changes when its customer is now `customer`. */
export function withCustomerCopy(data: DocumentData, customer: CustomerCopy): DocumentData {
  return { customer, ...derivedFields({ ...data, customer }) };
}

export const sameCustomerCopy = (a: CustomerCopy, b: CustomerCopy): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes `customer` as the copy on every entry of `customerId` that holds another one; answers
 * how many entries changed.
 */
export async function refreshCustomerOnEntries(
  customerId: string,
  customer: CustomerCopy,
): Promise<number> {
  const db = getDb();
  const query = db.collection(ENTRIES).where('customerId', '==', customerId);
  let recent = noRecent();
  // Applied also when a later page fails: the pages already written stay written.
  const changed = await updateInPages(query, MAX_WRITES_PER_COMMIT, (batch, docs) => {
    const stale = docs.filter(
      (doc) => !sameCustomerCopy(customerCopy(doc.get('customer')), customer),
    );
    if (stale.length === 0) return 0;
    // Top customers' names and recent activity show the customer's copy.
    const page = RecordWriter.deferred(batch, db);
    page.updateEntries(
      stale.map((doc) => {
        const update = withCustomerCopy(doc.data(), customer);
        return { ref: doc.ref, before: doc.data(), update, after: { ...doc.data(), ...update } };
      }),
    );
    recent = joinedRecent(recent, page.recentPart());
    return stale.length;
  }).finally(() => applyRecent(recent, db));
  return changed;
}
