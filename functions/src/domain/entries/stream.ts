// Every entry, a page at a time (cursor on the document id), for the jobs that fold all of them.
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { streamCollection } from '../../paged-batches';
import { ENTRIES } from './constants';

/** The entries with only `fields` read, `pageSize` documents per read. */
export function streamEntries(
  fields: readonly string[],
  pageSize: number,
): AsyncGenerator<QueryDocumentSnapshot> {
  return streamCollection(getDb(), ENTRIES, fields, pageSize);
}
