// The one-time rewrite of the customers' filter keys, after the release whose `categoryKeys`
// also name the owner (search-keys.ts): a customer stored before it has no owner keys, so the
// list's owner filter would not find it. Each customer whose keys differ from what its
// categories and owner give is updated; running it again changes nothing.
import { FieldPath, type DocumentSnapshot } from 'firebase-admin/firestore';
import { patchRecord } from '../writes/records';
import { ownerOf } from './owner';
import { fieldsOf } from './record';
import { categoryKeys } from './search-keys';
import { allCustomers } from './store';

const PAGE = 300;

/** Rewrites the filter keys that are not what they should be; answers how many changed. */
export async function rekeyCustomers(): Promise<{ read: number; changed: number }> {
  let read = 0;
  let changed = 0;
  let after: DocumentSnapshot | undefined;
  for (;;) {
    let query = allCustomers()
      .select('categories', 'owner', 'categoryKeys')
      .orderBy(FieldPath.documentId())
      .limit(PAGE);
    if (after) query = query.startAfter(after);
    const page = await query.get();
    const batch = page.query.firestore.batch();
    let writes = 0;
    for (const doc of page.docs) {
      const data = doc.data();
      const keys = categoryKeys(fieldsOf(data).categories, ownerOf(data)?._id ?? '');
      const stored: unknown = data.categoryKeys;
      if (Array.isArray(stored) && stored.join('\n') === keys.join('\n')) continue;
      patchRecord(batch, doc.ref, ['categoryKeys', keys]);
      writes += 1;
    }
    if (writes > 0) await batch.commit();
    read += page.size;
    changed += writes;
    if (page.size < PAGE) return { read, changed };
    after = page.docs[page.docs.length - 1];
  }
}
