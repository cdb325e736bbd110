// A page cursor for lists ordered by one time field and the document id, newest first: the
// last document shown, at full precision (a rounded time could skip a document).
import { Timestamp, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { HttpError } from '../../http/errors';

type After = [number, number, string];

const invalidCursor = () =>
  new HttpError(400, 'Invalid cursor: start again from the first page', {
    cursor: 'Invalid cursor',
  });

export function encodeCursor(doc: QueryDocumentSnapshot, field: string): string {
  const at: unknown = doc.get(field);
  const t = at instanceof Timestamp ? at : new Timestamp(0, 0);
  const after: After = [t.seconds, t.nanoseconds, doc.id];
  return Buffer.from(JSON.stringify(after)).toString('base64url');
}

/** `query` (ordered by `field` then id, descending) from after the cursor's document. */
export function startingAfter(query: Query, cursor: string | undefined): Query {
  if (!cursor) return query;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const valid =
    Array.isArray(value) &&
    value.length === 3 &&
    Number.isSafeInteger(value[0]) &&
    Number.isInteger(value[1]) &&
    value[1] >= 0 &&
    value[1] < 1e9 &&
    typeof value[2] === 'string' &&
    /^[^/]+$/.test(value[2]);
  if (!valid) throw invalidCursor();
  const [seconds, nanos, id] = value as After;
  return query.startAfter(new Timestamp(seconds, nanos), id);
}

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
    nextCursor: snapshot.size > limit && last ? encodeCursor(last, field) : null,
  };
}
