import { HttpError } from './errors';

// Firestore document ids: not empty, no '/', not '.' or '..', not __reserved__, at most 1,500 bytes.
const DOCUMENT_ID = /^(?!\.\.?$)(?!__.*__$)[^/]+$/;

/** The route parameter as a document id; one that cannot be an id cannot be found either. */
export function documentId(value: unknown, notFound: string): string {
  if (typeof value !== 'string' || !DOCUMENT_ID.test(value) || Buffer.byteLength(value) > 1500)
    throw new HttpError(404, notFound);
  return value;
}
