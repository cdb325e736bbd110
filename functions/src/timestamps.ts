// Firestore timestamps in, ISO strings out (the API's rule for every time it answers).
import { Timestamp } from 'firebase-admin/firestore';
import { now } from './clock';

/** The clock's current time as a Firestore timestamp. */
export function timestampNow(): Timestamp {
  return Timestamp.fromMillis(now());
}

/** A stored time as an ISO string; undefined when the field is missing or not a time. */
export function toIso(value: unknown): string | undefined {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  return undefined;
}
