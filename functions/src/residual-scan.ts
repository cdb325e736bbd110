// A list filter the query cannot apply is checked on the documents: they are read in the list's
// order, a chunk at a time, until one more than a page matched (so the caller knows a next page
// exists) or `max` documents were read, whichever comes first.
import type { DocumentData, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';

export interface ScanResult {
  /** The matching documents, in order: at most limit + 1. */
  found: QueryDocumentSnapshot[];
  /** The last document read (where a next page goes on from when the scan stopped short). */
  last: QueryDocumentSnapshot | undefined;
  /** Every candidate was read and no more than `limit` matched. */
  exhausted: boolean;
}

/**
 * `from(last)`: the ordered query from the cursor (last undefined) or after the last document
 * read. Each chunk reads at least a page and at least 200 documents.
 */
export async function scanForMatches(
  from: (last: QueryDocumentSnapshot | undefined) => Query,
  matches: (data: DocumentData) => boolean,
  limit: number,
  max: number,
): Promise<ScanResult> {
  const found: QueryDocumentSnapshot[] = [];
  let scanned = 0;
  let last: QueryDocumentSnapshot | undefined;
  while (found.length <= limit && scanned < max) {
    const chunk = Math.min(max - scanned, Math.max(limit + 1, 200));
    const snapshot = await from(last).limit(chunk).get();
    for (const doc of snapshot.docs) {
      scanned++;
      last = doc;
      if (matches(doc.data())) {
        found.push(doc);
        if (found.length > limit) break;
      }
    }
    if (snapshot.size < chunk) return { found, last, exhausted: found.length <= limit };
  }
  return { found, last, exhausted: false };
}
