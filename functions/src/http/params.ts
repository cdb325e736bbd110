// Ids from callers: one check for every Firestore document id a route takes, in its path or
// in its body, so that nothing a caller sends can name a path, a parent or a reserved id.
import { z } from 'zod';
import { HttpError } from './errors';

// Firestore document ids: not empty, no '/', not '.' or '..', not __reserved__, valid UTF-8, at
// most 1,500 bytes.
const DOCUMENT_ID = /^(?!\.\.?$)(?!__.*__$)[^/]+$/;
const MAX_ID_BYTES = 1500;

/** A lone surrogate (half of a pair): not a character, so no UTF-8 id can hold it. */
const LONE_SURROGATE = /\p{Cs}/u;

export function isDocumentId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    DOCUMENT_ID.test(value) &&
    !LONE_SURROGATE.test(value) &&
    Buffer.byteLength(value) <= MAX_ID_BYTES
  );
}

/** The route parameter as a document id; one that cannot be an id cannot be found either (404). */
export function documentId(value: unknown, notFound: string): string {
  if (!isDocumentId(value)) throw new HttpError(404, notFound);
  return value;
}

/** A document id in a request body (trimmed); anything else is a 400 naming the field. */
export function documentIdField(label: string) {
  return z
    .string(`${label} must be an id`)
    .trim()
    .min(1, `${label} is required`)
    .refine(isDocumentId, `Not a valid ${label.toLowerCase()} id`);
}
