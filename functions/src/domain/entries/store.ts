// Entries by id: the named places and reads the entry features use, so the database is held here.
import type { DocumentData, DocumentReference } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { ENTRIES } from './constants';
import { historyRef } from './history';
import { tagTokens } from './search-keys';

/** Every entry: the query the lists filter and order. */
export function allEntries() {
  return getDb().collection(ENTRIES);
}

/** The entry's document; with no id, the place of a new entry (a new, unused id). */
/**
 * The ids of the customers with an entry carrying `tag` (any case: the entries' tag keys), read
 * through the entries' search keys' index, their `customerId` only. Null when more than `max`
 * entries carry it.
 */
export async function customersWithEntryTag(tag: string, max: number): Promise<string[] | null> {
  const [token] = tagTokens(tag);
  if (!token) return [];
  const found = await allEntries()
    .where('searchKeys', 'array-contains', token)
    .select('customerId')
    .limit(max + 1)
    .get();
  if (found.size > max) return null;
  const ids = found.docs.map((doc): unknown => doc.get('customerId'));
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

export function entryRef(id?: string): DocumentReference {
  const entries = getDb().collection(ENTRIES);
  return id === undefined ? entries.doc() : entries.doc(id);
}

/** The entry document as stored, or undefined when there is none. */
export async function getEntryData(id: string): Promise<DocumentData | undefined> {
  return (await entryRef(id).get()).data();
}

/** A new item of the entry's history (a new, unused id). */
export function newHistoryItemRef(entryId: string): DocumentReference {
  return historyRef(getDb(), entryId);
}

/** Deletes the entry's document and everything under it (its history). */
export async function deleteEntryTree(ref: DocumentReference): Promise<void> {
  await getDb().recursiveDelete(ref);
}
