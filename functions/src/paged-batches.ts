// Updating every document of a query that may match thousands (all entries or follow-ups of one
// customer): read in pages ordered by document id, each page's writes committed as one batch, so
// that no read and no commit grows past its bound whatever the number of documents.
import {
  FieldPath,
  type Query,
  type QueryDocumentSnapshot,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { getDb } from './firebase';

/**
 * Hands each page of at most `pageSize` documents of `query` to `writePage`, which adds its
 * writes to the page's batch and answers how many documents it changed (0: nothing to commit).
 * `pageSize` must leave room in a batch for any extra writes `writePage` adds. Answers how many
 * documents changed in all.
 */
export async function updateInPages(
  query: Query,
  pageSize: number,
  writePage: (batch: WriteBatch, docs: readonly QueryDocumentSnapshot[]) => number,
): Promise<number> {
  const db = getDb();
  const paged = query.orderBy(FieldPath.documentId()).limit(pageSize);
  let changed = 0;
  let after: string | undefined;
  for (;;) {
    const page = await (after === undefined ? paged : paged.startAfter(after)).get();
    const batch = db.batch();
    const count = writePage(batch, page.docs);
    if (count > 0) {
      await batch.commit();
      changed += count;
    }
    if (page.size < pageSize) return changed;
    after = page.docs[page.docs.length - 1].id;
  }
}
