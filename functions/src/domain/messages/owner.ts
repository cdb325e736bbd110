// What a message belongs to, and where that owner shows the message's state. An entry shows each
// channel's latest message under `dispatch.<channel>`, a follow-up under `results.<channel>`; a
// reply from the conversation, a broadcast's or a quote's message is shown by the conversation
// and its own record only.
import type { DocumentReference } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { ENTRIES } from '../entries/constants';
import { FOLLOW_UPS } from '../followups/constants';

export type MessageOwnerKind = 'entry' | 'followUp' | 'reply' | 'broadcast' | 'quote';

export interface MessageOwner {
  kind: MessageOwnerKind;
  /** The entry's, follow-up's, broadcast's or quote's id; a reply's customer id. */
  id: string;
}

export type MessageChannel = 'whatsapp' | 'email';

/** The owners whose own document shows each channel's message in a map field. */
const OWNER_VIEWS: Partial<Record<MessageOwnerKind, { collection: string; field: string }>> = {
  entry: { collection: ENTRIES, field: 'dispatch' },
  followUp: { collection: FOLLOW_UPS, field: 'results' },
};

/** The owner's document and map field showing `channel`'s message; null when it has none. */
export function ownerView(
  owner: MessageOwner | null | undefined,
  channel: MessageChannel,
): { ref: DocumentReference; field: string } | null {
  const view = owner ? OWNER_VIEWS[owner.kind] : undefined;
  if (!owner || !view) return null;
  return {
    ref: getDb().collection(view.collection).doc(owner.id),
    field: `${view.field}.${channel}`,
  };
}

/**
 * The document a message's changes write that other messages' changes write too (those are
 * made one at a time: shared-document-queue.ts): the owner's when it shows the message (an
 * entry's WhatsApp and email both write the entry), else the customer's conversation summary.
 * Never the broadcast: its recipients share no document, and one queue for all of them would
 * make a broadcast's sends and callbacks wait on one another.
 */
export function sharedDocumentKey(message: {
  owner?: MessageOwner | null;
  customerId?: string;
}): string | undefined {
  const { owner, customerId } = message;
  if (owner && OWNER_VIEWS[owner.kind]) return `${owner.kind}/${owner.id}`;
  return customerId ? `conversation/${customerId}` : undefined;
}

/** The conversation's name for how the message came to be. */
export function sourceOfOwner(
  owner: MessageOwner | null | undefined,
): 'entry' | 'followup' | 'reply' | 'broadcast' | 'quote' | 'send' {
  if (!owner) return 'send';
  return owner.kind === 'followUp' ? 'followup' : owner.kind;
}
