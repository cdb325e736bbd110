// Entries by id: the named places and reads the entry features use, so the database is held here.
import type { DocumentData, DocumentReference } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { ENTRIES } from './constants';
import { historyRef } from './history';

/** Every entry: the query the lists filter and order. */
export function allEntries() {
  return getDb().collection(ENTRIES);
}

/** The entry's document; with no id, the place of a new entry (a new, unused id). */
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
