// Follow-ups keep their customer's display name (customerName) for the due list, the reminders
// and the {name} placeholder of their messages. When the customer's name changes (an edit), every
// follow-up of that customer takes the new one, after the customer's own transaction and in
// batches: a customer can have more follow-ups than one commit may write.
import { getDb } from '../../firebase';
import { updateInPages } from '../../paged-batches';
import { MAX_WRITES_PER_COMMIT } from '../customers/constants';
import { touchKeptList } from '../figures/kept-lists';
import { FOLLOW_UPS } from './constants';

interface Identity {
  names: readonly string[];
  phones: readonly string[];
  emails: readonly string[];
}

/** The name a follow-up shows for its customer: the first name, else phone, else email. */
export const followUpCustomerName = (customer: Identity): string =>
  customer.names[0] ?? customer.phones[0] ?? customer.emails[0] ?? '';

/**
 * Writes `name` on every follow-up of `customerId` (linked by its customerId field) that shows
 * another one; answers how many follow-ups changed.
 */
export async function renameCustomerOnFollowUps(customerId: string, name: string): Promise<number> {
  const query = getDb().collection(FOLLOW_UPS).where('customerId', '==', customerId);
  return updateInPages(query, MAX_WRITES_PER_COMMIT, (batch, docs) => {
    const stale = docs.filter((doc) => doc.get('customerName') !== name);
    for (const doc of stale) batch.update(doc.ref, { customerName: name });
    if (stale.length > 0) touchKeptList(batch, 'followUpsDue');
    return stale.length;
  });
}
