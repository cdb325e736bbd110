// Inbound message markers: inboundMessages/{provider:hash of the provider's id} = { provider,
// messageId, entryId, customerId, conversationMessageId, at }, written with the message's entry
// (features/inbound/inbound-entry.ts) so that no message becomes two entries.
import { createHash } from 'node:crypto';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';

export const INBOUND_MESSAGES = 'inboundMessages';

/** The marker's id: the provider and a hash of the id (ids may hold '/', and be long). */
export function markerId(provider: string, messageId: string): string {
  return `${provider}:${createHash('sha256').update(messageId).digest('hex').slice(0, 40)}`;
}

export function markerRef(
  provider: string,
  messageId: string,
  db: Firestore = getDb(),
): DocumentReference {
  return db.collection(INBOUND_MESSAGES).doc(markerId(provider, messageId));
}

/** Whether this message of the provider has been made an entry already. */
export async function isMarked(provider: string, messageId: string): Promise<boolean> {
  return (await markerRef(provider, messageId).get()).exists;
}
