// Page cursors: base64url JSON, opaque to clients. What every list's cursor shares: how it is
// written and read back, the one answer to a cursor that is not one, and the position of the
// last document shown as its time at full precision (a rounded time could skip a document)
// and its id.
import { Timestamp, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { HttpError } from './errors';

/** After this document: its time's seconds and nanoseconds, and its id. */
export type TimePosition = [number, number, string];

export const invalidCursor = () =>
  new HttpError(400, 'Invalid cursor: start again from the first page', {
    cursor: 'Invalid cursor',
  });

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The cursor's JSON; text that is not base64url JSON is the 400 invalidCursor(). */
export function decodeCursor(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
  } catch {
    throw invalidCursor();
  }
}

/** The position of a document whose time is `time` (0 when it has none). */
export function timePosition(time: unknown, id: string): TimePosition {
  const t = time instanceof Timestamp ? time : new Timestamp(0, 0);
  return [t.seconds, t.nanoseconds, id];
}

export function isTimePosition(value: unknown): value is TimePosition {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    Number.isSafeInteger(value[0]) &&
    Number.isInteger(value[1]) &&
    value[1] >= 0 &&
    value[1] < 1e9 &&
    typeof value[2] === 'string' &&
    /^[^/]+$/.test(value[2])
  );
}

/** The values a query ordered by (time, id) starts after. */
export function startValues([seconds, nanos, id]: TimePosition): [Timestamp, string] {
  return [new Timestamp(seconds, nanos), id];
}

/** `query` (ordered by its time field then id, descending) from after the cursor's document. */
export function startingAfter(query: Query, cursor: string | undefined): Query {
  if (!cursor) return query;
  const value = decodeCursor(cursor);
  if (!isTimePosition(value)) throw invalidCursor();
  return query.startAfter(...startValues(value));
}

/** The cursor of the page that goes on after `doc`, in a list ordered by its `field`. */
export function cursorAfter(doc: DocumentSnapshot, field: string): string {
  return encodeCursor(timePosition(doc.get(field), doc.id));
}
