// Entries keep a copy of their customer and search keys built from it (record.ts). When the
// customer changes (an edit, a merge) every entry of that customer takes the new copy. This runs
// after the customer's own transaction, in batches paged by document id: a customer can have
// thousands of entries, far more than one commit may write.
import type { DocumentData } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { updateInPages } from '../../paged-batches';
import { MAX_WRITES_PER_COMMIT } from '../customers/constants';
import { applyEntryChanges, type EntryState } from '../figures/contributions';
import { newestStates, updateRecent } from '../figures/recent-activity';
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
  const query = getDb().collection(ENTRIES).where('customerId', '==', customerId);
  let recent: EntryState[] = [];
  const changed = await updateInPages(query, MAX_WRITES_PER_COMMIT, (batch, docs) => {
    const stale = docs.filter(
      (doc) => !sameCustomerCopy(customerCopy(doc.get('customer')), customer),
    );
    if (stale.length === 0) return 0;
    const changes = stale.map((doc) => {
      const update = withCustomerCopy(doc.data(), customer);
      batch.update(doc.ref, update);
      return [
        { id: doc.id, data: doc.data() },
        { id: doc.id, data: { ...doc.data(), ...update } },
      ] as const;
    });
    // Top customers' names and recent activity show the customer's copy.
    applyEntryChanges(batch, changes);
    recent = newestStates([...recent, ...changes.map(([, after]) => after)]);
    return stale.length;
  });
  if (recent.length > 0) await updateRecent({ entries: recent });
  return changed;
}
