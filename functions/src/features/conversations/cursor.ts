// A page cursor for lists ordered by one time field and the document id, newest first: the
// last document shown (http/page-cursor.ts).
import type { Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { cursorAfter, startingAfter } from '../../http/page-cursor';

/**
 * A page of `limit` from `query` (ordered by `field` then id, descending): reads `limit + 1`
 * documents, the one more only to know whether an older page exists.
 */
export async function readPage(
  query: Query,
  field: string,
  limit: number,
  cursor: string | undefined,
): Promise<{ docs: QueryDocumentSnapshot[]; nextCursor: string | null }> {
  const snapshot = await startingAfter(query, cursor)
    .limit(limit + 1)
    .get();
  const docs = snapshot.docs.slice(0, limit);
  const last = docs.at(-1);
  return {
    docs,
    nextCursor: snapshot.size > limit && last ? cursorAfter(last, field) : null,
  };
}
