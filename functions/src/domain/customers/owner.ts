// A customer's owner: the employee the customer's replies go to (the Inbox, the live toast). Set
// to whoever created the customer (an import: the importer; a quick add: the caller), changed by
// an admin; a customer created by an inbound message from an unknown sender has none, and those
// go to the admins. Kept on the customer as `owner { _id, name }` and carried through every
// rewrite of the customer (edits, merges, imports), as the WhatsApp windows are, and in the
// customer's filter keys (`categoryKeys`, search-keys.ts), which the list's owner filter reads.
import type { DocumentData } from 'firebase-admin/firestore';
import type { CustomerOwner } from '../../contract/answers';

export type { CustomerOwner };

export const OWNER_FIELD = 'owner';

/** The owner stored on a customer document, or null. */
export function ownerOf(data: DocumentData | undefined): CustomerOwner | null {
  const owner = data?.[OWNER_FIELD] as { _id?: unknown; name?: unknown } | undefined;
  if (!owner || typeof owner._id !== 'string' || !owner._id) return null;
  return { _id: owner._id, name: typeof owner.name === 'string' ? owner.name : '' };
}

/** The owner of the first of `sources` that has one (a rewrite keeps it), or null. */
export function carriedOwner(sources: readonly (DocumentData | undefined)[]): CustomerOwner | null {
  for (const source of sources) {
    const owner = ownerOf(source);
    if (owner) return owner;
  }
  return null;
}
