// Saved searches in the `savedSearches` collection, one document each with its owner's uid; a
// person keeps at most MAX_SAVED_SEARCHES, so their list is read whole and ordered here.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { MAX_SAVED_SEARCHES, type SavedSearch } from '../../contract/customers';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import { markRequestWrite } from '../../http/idempotency';

const SAVED_SEARCHES = 'savedSearches';
const searches = () => getDb().collection(SAVED_SEARCHES);
const NOT_FOUND = 'Saved search not found';

function toSavedSearch(id: string, data: DocumentData): SavedSearch {
  const filters = data.filters && typeof data.filters === 'object' ? data.filters : {};
  return {
    _id: id,
    name: typeof data.name === 'string' ? data.name : '',
    filters: filters as SavedSearch['filters'],
    createdAt: data.createdAt instanceof Timestamp ? data.createdAt.toDate().toISOString() : null,
  };
}

/** The person's saved searches by name. */
export async function listSavedSearches(uid: string): Promise<SavedSearch[]> {
  const snap = await searches().where('uid', '==', uid).limit(MAX_SAVED_SEARCHES).get();
  return snap.docs
    .map((doc) => toSavedSearch(doc.id, doc.data()))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Saves one for `uid`: 409 once they keep the most allowed, or one of the same name. */
export async function addSavedSearch(
  uid: string,
  search: Pick<SavedSearch, 'name' | 'filters'>,
): Promise<SavedSearch> {
  const ref = searches().doc();
  const stored = { uid, ...search, createdAt: Timestamp.now() };
  await getDb().runTransaction(async (tx) => {
    markRequestWrite(tx);
    const mine = await tx.get(searches().where('uid', '==', uid).select('name'));
    if (mine.size >= MAX_SAVED_SEARCHES)
      throw new HttpError(409, `At most ${MAX_SAVED_SEARCHES} saved searches; delete one first`);
    const same = search.name.toLowerCase();
    if (mine.docs.some((doc) => String(doc.get('name')).toLowerCase() === same))
      throw new HttpError(409, `You already have a saved search named ${search.name}`);
    tx.create(ref, stored);
  });
  return toSavedSearch(ref.id, stored);
}

/** Deletes one of `uid`'s saved searches: 404 when there is none, 403 when it is another's. */
export async function deleteSavedSearch(uid: string, id: string): Promise<void> {
  const ref = searches().doc(id);
  await getDb().runTransaction(async (tx) => {
    markRequestWrite(tx);
    const snap = await tx.get(ref);
    if (!snap.exists) throw new HttpError(404, NOT_FOUND);
    if (snap.get('uid') !== uid)
      throw new HttpError(403, 'Only the person who saved a search can delete it');
    tx.delete(ref);
  });
}
