// A conversation's messages: every message between the company and a customer, both ways and
// on both channels, is one document in `conversationMessages` (customerId, at, direction,
// channel, text, files, state ...). A page of a conversation is one indexed query
// (customerId ==, ordered by at and id, newest first).
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type Query,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import type {
  ConversationFile,
  ConversationMessage,
  LiveMessageChange,
} from '../../contract/conversations';
import { getDb } from '../../firebase';
import { toIso } from '../../timestamps';
import { CONVERSATION_MESSAGES } from './constants';
import { companyToday } from '../figures/days';
import { moveLinked } from '../customers/linked';
import type { Customer } from '../customers/record';
import type { MessageOwner } from './owner';
import { withoutUndefinedDeep } from './queue-store';
import { textOf } from '../../stored-text';

const db = () => getDb();

/** A file of a message, and for an outbound one its own state. */
export type ThreadFile = ConversationFile;

export interface StoredThreadMessage {
  customerId: string;
  at: Timestamp;
  direction: 'in' | 'out';
  channel: 'whatsapp' | 'email';
  text: string;
  subject?: string;
  templateName?: string;
  files: ThreadFile[];
  state: string;
  error?: string;
  stateAt?: Timestamp;
  byName?: string;
  /** What an outbound message belongs to (thread-view.ts). */
  owner?: MessageOwner | null;
  /** When it was written or its state last moved: the live stream's cursor. */
  changedAt?: Timestamp;
  /** Outbound: the uid of who sent it (the reply's sender, or its entry's or follow-up's creator). */
  senderUid?: string;
  /** Outbound: the customer's name when it was sent. */
  customerName?: string;
  source: ConversationMessage['source'];
  entryId?: string;
  outboundId?: string;
  /** The provider's id (WhatsApp message id, email Message-ID), for replies to it. */
  providerId?: string;
  replyTo?: { providerId: string; text?: string };
  /** An inbound message answering a broadcast: the broadcast. */
  broadcastId?: string;
  /** An inbound reply whose words accept this quote (a suggestion for its sales person). */
  acceptSuggestion?: { quoteId: string; number: string; validUntil?: string };
}

/** The conversation message with this provider (WhatsApp) id, if any. */
export async function findMessageByProviderId(providerId: string) {
  const found = await db()
    .collection(CONVERSATION_MESSAGES)
    .where('providerId', '==', providerId)
    .limit(1)
    .get();
  return found.docs.at(0);
}

export const messageRef = (id: string) => db().collection(CONVERSATION_MESSAGES).doc(id);

/** A new conversation message's id. */
export const newThreadMessageId = (): string => db().collection(CONVERSATION_MESSAGES).doc().id;

/** Creates conversation message `id` in `tx` (an inbound message, with its marker). */
export function createThreadMessage(
  tx: Transaction,
  id: string,
  message: StoredThreadMessage,
): void {
  tx.create(messageRef(id), withoutUndefinedDeep({ ...message, changedAt: Timestamp.now() }));
}

/** Changes conversation message `id` in `writer` (a file of an inbound message arrived). */
export function patchThreadMessage(writer: WriteBatch, id: string, update: DocumentData): void {
  writer.update(messageRef(id), { ...update, changedAt: Timestamp.now() });
}

/**
 * A quote was answered (accepted, declined, revised): the customer's reply that suggested
 * accepting it asks no more, and open pages read the message again (its `changedAt`). Reads
 * first, so call it before the transaction's writes; a message gone meanwhile is left alone.
 */
export async function withdrawAcceptSuggestion(
  tx: Transaction,
  quote: DocumentData,
): Promise<void> {
  const messageId = (quote.acceptSuggestion as DocumentData | undefined)?.conversationMessageId;
  if (typeof messageId !== 'string' || !messageId) return;
  const message = await tx.get(messageRef(messageId));
  if (!message.get('acceptSuggestion')) return;
  tx.update(messageRef(messageId), {
    acceptSuggestion: FieldValue.delete(),
    changedAt: Timestamp.now(),
  });
}

/** Conversation message `id` as the API answers it; undefined when there is none. */
export async function readThreadMessage(id: string): Promise<ConversationMessage | undefined> {
  const stored = await messageRef(id).get();
  return stored.exists ? toConversationMessage(id, stored.data() ?? {}) : undefined;
}

/**
 * The messages `senderUid` sent that failed, sent at `since` or later, newest first, at most
 * `limit` (the dashboard's "my day").
 */
export async function failedMessagesOf(
  senderUid: string,
  since: Timestamp,
  limit: number,
): Promise<{ id: string; data: DocumentData }[]> {
  const found = await db()
    .collection(CONVERSATION_MESSAGES)
    .where('senderUid', '==', senderUid)
    .where('state', '==', 'failed')
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .limit(limit)
    .get();
  return found.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/** A customer's messages, newest first (customerId ==, at and id descending). */
export const threadQuery = (customerId: string): Query =>
  db()
    .collection(CONVERSATION_MESSAGES)
    .where('customerId', '==', customerId)
    .orderBy('at', 'desc')
    .orderBy(FieldPath.documentId(), 'desc');

/** A quote valid until `day` (the company's YYYY-MM-DD) can still be accepted today. */
const stillOpen = (day: string | undefined) => !day || day >= companyToday();

export function toConversationMessage(id: string, data: DocumentData): ConversationMessage {
  const files = Array.isArray(data.files) ? (data.files as ThreadFile[]) : [];
  const replyTo = data.replyTo as StoredThreadMessage['replyTo'] | undefined;
  const suggestion = data.acceptSuggestion as StoredThreadMessage['acceptSuggestion'];
  return {
    _id: id,
    customerId: textOf(data.customerId),
    at: toIso(data.at) ?? '',
    direction: data.direction === 'in' ? 'in' : 'out',
    channel: data.channel === 'email' ? 'email' : 'whatsapp',
    text: textOf(data.text),
    ...(data.subject ? { subject: textOf(data.subject) } : {}),
    ...(data.templateName ? { templateName: textOf(data.templateName) } : {}),
    files: files.map((f) => ({
      name: textOf(f.name),
      url: textOf(f.url),
      mimetype: textOf(f.mimetype),
      ...(typeof f.size === 'number' ? { size: f.size } : {}),
      ...(f.state ? { state: f.state } : {}),
      ...(f.error ? { error: f.error } : {}),
    })),
    state: textOf(data.state),
    ...(data.error ? { error: textOf(data.error) } : {}),
    ...(data.stateAt ? { stateAt: toIso(data.stateAt) } : {}),
    ...(data.byName ? { byName: textOf(data.byName) } : {}),
    source: (textOf(data.source) || 'inbound') as ConversationMessage['source'],
    ...(data.entryId ? { entryId: textOf(data.entryId) } : {}),
    ...(replyTo?.providerId ? { replyTo } : {}),
    ...(suggestion?.quoteId && stillOpen(suggestion.validUntil)
      ? { acceptSuggestion: { quoteId: suggestion.quoteId, number: suggestion.number } }
      : {}),
  };
}

/** Messages written or changed since `at` (changedAt >=): what the live stream listens to. */
export const messageChangesSince = (at: Timestamp): Query =>
  db().collection(CONVERSATION_MESSAGES).where('changedAt', '>=', at);

/** The stream's event for a stored message. */
export function toMessageChange(id: string, data: DocumentData): LiveMessageChange {
  const owner = data.owner as MessageOwner | null | undefined;
  return {
    messageId: id,
    customerId: textOf(data.customerId),
    direction: data.direction === 'in' ? 'in' : 'out',
    channel: data.channel === 'email' ? 'email' : 'whatsapp',
    state: textOf(data.state),
    ...(data.entryId ? { entryId: textOf(data.entryId) } : {}),
    ...(owner?.kind === 'followUp' ? { followUpId: owner.id } : {}),
  };
}

/**
 * Customers merged: their conversations' messages move to `to` (answers how many, under the
 * collection's name, as a merge's audit records what it moved).
 */
export async function moveCustomerMessages(
  fromIds: readonly string[],
  to: Customer,
): Promise<Record<string, number>> {
  return { [CONVERSATION_MESSAGES]: await moveLinked(CONVERSATION_MESSAGES, fromIds, to) };
}
