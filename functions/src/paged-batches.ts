// Going through every document of a query or collection that may hold thousands: read in pages
// ordered by document id (each page starts after the last one's id), so that no read, and no
// commit of a page's writes, grows past its bound whatever the number of documents.
import {
  FieldPath,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { getDb } from './firebase';

/** gRPC's NOT_FOUND: an update of a document that is not there. */
const NOT_FOUND = 5;

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
  const commitPage = async (docs: readonly QueryDocumentSnapshot[]) => {
    const batch = db.batch();
    const count = writePage(batch, docs);
    if (count > 0) await batch.commit();
    return count;
  };
  for (;;) {
    const pageQuery = after === undefined ? paged : paged.startAfter(after);
    const page = await pageQuery.get();
    let count: number;
    try {
      count = await commitPage(page.docs);
    } catch (error) {
      // A document of the page was deleted after it was read (its batch then writes nothing):
      // the page once more, as it is now.
      if ((error as { code?: unknown }).code !== NOT_FOUND) throw error;
      count = await commitPage((await pageQuery.get()).docs);
    }
    changed += count;
    if (page.size < pageSize) return changed;
    after = page.docs[page.docs.length - 1].id;
  }
}

/**
 * Every document of a collection with only the `fields` asked for, a page at a time: each page
 * starts after the previous page's last document id, so every page costs the same and nothing
 * but the current page is held, however large the collection.
 */
export async function* streamCollection(
  db: Firestore,
  collection: string,
  fields: readonly string[],
  pageSize: number,
): AsyncGenerator<QueryDocumentSnapshot> {
  const ordered = db
    .collection(collection)
    .select(...fields)
    .orderBy(FieldPath.documentId())
    .limit(pageSize);
  let lastId: string | undefined;
  for (;;) {
    const page = await (lastId === undefined ? ordered : ordered.startAfter(lastId)).get();
    for (const doc of page.docs) yield doc;
    if (page.size < pageSize) return;
    lastId = page.docs[page.docs.length - 1].id;
  }
}
