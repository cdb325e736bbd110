// The conversations' summaries (the messages themselves: domain/messages/thread-store.ts). Each
// customer with messages has one, `conversations/{customerId}` (name, phone, owner, the last
// message, the owner's unread, when the customer last wrote, and how many of the customer's
// messages each person had seen when they last opened it): the Inbox is one indexed query over
// these (ownerId ==, lastAt desc). `inboxCounts/{owner's uid, or _unowned}` holds each owner's
// unread total for the menu's count. All three are written in the transaction of what they
// tell: an inbound message with its entry, an outbound message with its queue document's
// change, a read with the summary.
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import type { InboxItem } from '../../contract/conversations';
import { now } from '../../clock';
import { getDb } from '../../firebase';
import { toIso } from '../../timestamps';
import { ownerOf, type CustomerOwner } from '../customers/owner';
import { formatPhone } from '../identity/phone';
import { WINDOW_MS } from '../customers/whatsapp-windows';

import { CONVERSATIONS, INBOX_COUNTS } from './constants';
import { textOf } from '../../stored-text';

export { CONVERSATIONS, INBOX_COUNTS };
/** The counter of conversations without an owner (the admins'). */
export const UNOWNED = '_unowned';
/** What a conversation summary without an owner holds in `ownerId`. */
export const UNOWNED_OWNER_ID = '';
const LAST_TEXT_MAX = 200;

/** What a summary keeps of a conversation's newest message. */
export interface SummaryMessage {
  at: Timestamp;
  direction: 'in' | 'out';
  channel: 'whatsapp' | 'email';
  text: string;
  /** The provider's id of an inbound message (a read receipt names the newest). */
  providerId?: string;
  /** An inbound message answering this broadcast. */
  broadcastId?: string;
}

/** What a summary shows of its customer. */
export interface SummaryCustomer {
  name: string;
  phone: string | null;
  owner: CustomerOwner | null;
}

/** The summary's view of a stored customer. */
export function summaryCustomer(data: DocumentData | undefined): SummaryCustomer {
  const first = (field: string) => {
    const values: unknown = data?.[field];
    return Array.isArray(values) && typeof values[0] === 'string' ? values[0] : '';
  };
  const phone = first('phones');
  return {
    name: first('names') || (phone && formatPhone(phone)) || first('emails') || 'Customer',
    phone: phone || null,
    owner: ownerOf(data),
  };
}

const db = () => getDb();

export const summaryRef = (customerId: string) => db().collection(CONVERSATIONS).doc(customerId);
export const countsRef = (ownerId: string) =>
  db()
    .collection(INBOX_COUNTS)
    .doc(ownerId || UNOWNED);

/**
 * The Inbox's summaries, the newest message first: these owners' (UNOWNED_OWNER_ID for the
 * conversations without one), or everyone's (undefined).
 */
export function inboxQuery(ownerIds: string[] | undefined, broadcastReplies = false): Query {
  const all = db().collection(CONVERSATIONS);
  // The Inbox filter "replies to a broadcast": conversations in which a customer answered one.
  const summaries = broadcastReplies ? all.where('broadcastReply', '==', true) : all;
  const query =
    ownerIds === undefined
      ? summaries
      : ownerIds.length === 1
        ? summaries.where('ownerId', '==', ownerIds[0])
        : summaries.where('ownerId', 'in', ownerIds);
  return query.orderBy('lastAt', 'desc').orderBy(FieldPath.documentId(), 'desc');
}

/**
 * The ids of the customers whose newest message (to or from them, any channel) is in
 * [start, end): one range query on the summaries' `lastAt` (its single-field index), reading
 * names only. Null when there are more than `max`.
 */
export async function customersContactedBetween(
  start: Date,
  end: Date,
  max: number,
): Promise<string[] | null> {
  const found = await db()
    .collection(CONVERSATIONS)
    .where('lastAt', '>=', Timestamp.fromDate(start))
    .where('lastAt', '<', Timestamp.fromDate(end))
    .select()
    .limit(max + 1)
    .get();
  return found.size > max ? null : found.docs.map((doc) => doc.id);
}

/** The unread total of these owners' counters. */
export async function unreadOf(ownerIds: string[]): Promise<number> {
  const counts = await db().getAll(...ownerIds.map(countsRef));
  return counts.reduce((sum, snap) => sum + Math.max(0, Number(snap.get('unread') ?? 0)), 0);
}

/**
 * `reader` opened the conversation: what the customer wrote so far is seen by them. When
 * `isOwner` says they are the summary's owner, nothing in it is unread any more. Answers the
 * owner's unread left.
 */
export function markConversationRead(
  customerId: string,
  reader: string,
  isOwner: (ownerId: unknown) => boolean,
): Promise<{ unread: number; readReceipt?: string }> {
  return db().runTransaction(async (tx) => {
    const summary = await tx.get(summaryRef(customerId));
    const data = summary.data();
    if (!data) return { unread: 0 };
    const unread = num(data.unread);
    const owner = isOwner(data.ownerId);
    // The owner's marks are their unread (markSummaryRead); the shared inbox's are the admins'.
    const marks = owner && !textOf(data.ownerId) ? [reader, UNOWNED] : [reader];
    const seen = Object.fromEntries(marks.map((key) => [`${SEEN}.${key}`, inboundOf(data)]));
    if (marks.some((key) => seenBy(data, key) !== inboundOf(data)))
      tx.update(summary.ref, { ...seen, inbound: inboundOf(data) });
    if (!owner) return { unread };
    markSummaryRead(tx, summary);
    // The customer's newest WhatsApp message, when Meta has not been told it was read.
    const newest = textOf(data.lastInboundId);
    if (!newest || newest === textOf(data.readReceiptId)) return { unread: 0 };
    tx.update(summary.ref, { readReceiptId: newest });
    return { unread: 0, readReceipt: newest };
  });
}

/** Meta did not take the read receipt for `providerId`: the next opening tries again. */
export async function forgetReadReceipt(customerId: string, providerId: string): Promise<void> {
  await db().runTransaction(async (tx) => {
    const summary = await tx.get(summaryRef(customerId));
    if (summary.get('readReceiptId') === providerId)
      tx.update(summary.ref, { readReceiptId: FieldValue.delete() });
  });
}

const num = (value: unknown) => (typeof value === 'number' && value > 0 ? value : 0);

/** The summary's map of how many of the customer's messages each person had seen. */
const SEEN = 'seen';
/** Whose marks a person's are kept under: their uid, or UNOWNED for the admins' shared inbox. */
const ownerKey = (ownerId: string) => ownerId || UNOWNED;

/** How many messages the customer wrote in the conversation (before the count: its unread). */
const inboundOf = (data: DocumentData): number =>
  typeof data.inbound === 'number' ? data.inbound : num(data.unread);

/**
 * How many of the customer's messages `key` (ownerKey) had seen: the owner's are all but their
 * unread; anyone else's what they had when they last opened it (none: never opened).
 */
function seenBy(data: DocumentData, key: string): number {
  if (key === ownerKey(textOf(data.ownerId))) return inboundOf(data) - num(data.unread);
  const marks: unknown = data[SEEN];
  const seen = marks && typeof marks === 'object' ? (marks as Record<string, unknown>)[key] : 0;
  return Math.min(num(seen), inboundOf(data));
}

/** What `data`'s customer wrote that `ownerId` (UNOWNED_OWNER_ID: the admins) has not seen. */
export const unseenBy = (data: DocumentData, ownerId: string): number =>
  inboundOf(data) - seenBy(data, ownerKey(ownerId));

/**
 * Adds `message` to its customer's summary in `tx` (`stored`: the summary as read in it, none
 * for a customer created in `tx`): the last message when it is the newest, and for a message
 * from the customer one more unread for the owner. `customer` refreshes the name, phone and
 * owner; it is required for a new summary.
 */
export function addToSummary(
  tx: Transaction,
  stored: DocumentSnapshot | undefined,
  customerId: string,
  customer: SummaryCustomer | null,
  message: SummaryMessage,
): void {
  const data = stored?.data();
  const lastAt = data?.lastAt instanceof Timestamp ? data.lastAt.toMillis() : 0;
  const newest = message.at.toMillis() >= lastAt;
  const ownerId = customer ? (customer.owner?._id ?? UNOWNED_OWNER_ID) : textOf(data?.ownerId);
  const inbound = message.direction === 'in';
  const update: DocumentData = {
    customerId,
    ...(customer && {
      customerName: customer.name,
      phone: customer.phone,
      ownerId,
      ownerName: customer.owner?.name ?? '',
    }),
    ...(!data && { unread: 0, inbound: 0 }),
    ...(newest && {
      lastAt: message.at,
      lastText: message.text.replace(/\s+/g, ' ').trim().slice(0, LAST_TEXT_MAX),
      lastDirection: message.direction,
      lastChannel: message.channel,
    }),
    ...(inbound && { unread: FieldValue.increment(1), inbound: (data ? inboundOf(data) : 0) + 1 }),
    ...(inbound && message.channel === 'whatsapp' && { lastInboundAt: message.at }),
    ...(inbound &&
      message.channel === 'whatsapp' &&
      newest &&
      message.providerId && { lastInboundId: message.providerId }),
    ...(inbound &&
      message.broadcastId && { broadcastReply: true, lastBroadcastId: message.broadcastId }),
  };
  tx.set(summaryRef(customerId), update, { merge: true });
  if (inbound) tx.set(countsRef(ownerId), { unread: FieldValue.increment(1) }, { merge: true });
  // The owner changed under the summary: the unread becomes what the new owner has not seen.
  const before = textOf(data?.ownerId);
  if (data && customer && before !== ownerId)
    changeOwner(tx, summaryRef(customerId), data, ownerId, inbound ? 1 : 0);
}

/**
 * The summary `data` passes to `ownerId`: the previous owner's unread leaves their count and is
 * kept as what they had seen; the new owner's unread is the customer's messages they have not
 * seen (`arriving`: one more being added in the same write, already counted for them).
 */
function changeOwner(
  tx: Transaction,
  ref: DocumentReference,
  data: DocumentData,
  ownerId: string,
  arriving = 0,
): void {
  const from = textOf(data.ownerId);
  const before = num(data.unread);
  const after = unseenBy(data, ownerId);
  tx.set(
    ref,
    {
      unread: after + arriving,
      [SEEN]: { [ownerKey(from)]: seenBy(data, ownerKey(from)) },
    },
    { merge: true },
  );
  if (before > 0)
    tx.set(countsRef(from), { unread: FieldValue.increment(-before) }, { merge: true });
  if (after > 0)
    tx.set(countsRef(ownerId), { unread: FieldValue.increment(after) }, { merge: true });
}

/**
 * The summary's owner becomes `owner` (an admin reassigned the customer); their unread is what
 * the customer wrote that they have not seen. Answers that unread.
 */
export function setSummaryOwner(
  tx: Transaction,
  stored: DocumentSnapshot,
  owner: CustomerOwner | null,
): number {
  const data = stored.data();
  if (!data) return 0;
  const ownerId = owner?._id ?? UNOWNED_OWNER_ID;
  tx.update(stored.ref, { ownerId, ownerName: owner?.name ?? '' });
  if (textOf(data.ownerId) === ownerId) return num(data.unread);
  changeOwner(tx, stored.ref, data, ownerId);
  return unseenBy(data, ownerId);
}

/** The customer is gone: its summary leaves the Inbox, its unread the owner's count. */
export function forgetSummary(tx: Transaction, stored: DocumentSnapshot): void {
  const data = stored.data();
  if (!data) return;
  tx.delete(stored.ref);
  const unread = num(data.unread);
  if (unread > 0)
    tx.set(
      countsRef(textOf(data.ownerId)),
      { unread: FieldValue.increment(-unread) },
      { merge: true },
    );
}

/**
 * Customers merged into the first: one summary for the merged conversation (the merge moves its
 * messages as it moves entries): the newest last message, the unread added up under the owner.
 */
export function mergeSummaries(
  tx: Transaction,
  stored: readonly DocumentSnapshot[],
  customerId: string,
  customer: SummaryCustomer,
): void {
  const found = stored.flatMap((snap) => snap.data() ?? []);
  if (found.length === 0) return;
  const millis = (value: unknown) => (value instanceof Timestamp ? value.toMillis() : 0);
  const newest = [...found].sort((a, b) => millis(b.lastAt) - millis(a.lastAt))[0];
  const lastInbound = Math.max(...found.map((data) => millis(data.lastInboundAt)));
  for (const snap of stored) forgetSummary(tx, snap);
  const ownerId = customer.owner?._id ?? UNOWNED_OWNER_ID;
  // What each person had seen of the merged conversation: what they had seen of each.
  const sum = (of: (data: DocumentData) => number) => found.reduce((n, data) => n + of(data), 0);
  const keys = new Set(
    found.flatMap((data) => [
      ownerKey(textOf(data.ownerId)),
      ...Object.keys((data[SEEN] as object | undefined) ?? {}),
    ]),
  );
  keys.delete(ownerKey(ownerId));
  const seen = Object.fromEntries([...keys].map((key) => [key, sum((d) => seenBy(d, key))]));
  const unread = sum((data) => unseenBy(data, ownerId));
  tx.set(summaryRef(customerId), {
    ...newest,
    customerId,
    customerName: customer.name,
    phone: customer.phone,
    ownerId,
    ownerName: customer.owner?.name ?? '',
    unread,
    inbound: sum(inboundOf),
    [SEEN]: seen,
    ...(lastInbound > 0 && { lastInboundAt: Timestamp.fromMillis(lastInbound) }),
  });
  if (unread > 0)
    tx.set(countsRef(ownerId), { unread: FieldValue.increment(unread) }, { merge: true });
}

/** The owner opened the conversation: nothing is unread any more. */
export function markSummaryRead(tx: Transaction, stored: DocumentSnapshot): void {
  const data = stored.data();
  const unread = num(data?.unread);
  if (!data || unread === 0) return;
  tx.update(stored.ref, { unread: 0 });
  tx.set(
    countsRef(textOf(data.ownerId)),
    { unread: FieldValue.increment(-unread) },
    { merge: true },
  );
}

export function toInboxItem(data: DocumentData): InboxItem {
  const lastInbound = data.lastInboundAt instanceof Timestamp ? data.lastInboundAt.toMillis() : 0;
  const ownerId = textOf(data.ownerId);
  return {
    customerId: textOf(data.customerId),
    customerName: textOf(data.customerName),
    phone: textOf(data.phone) || null,
    owner: ownerId ? { _id: ownerId, name: textOf(data.ownerName) } : null,
    lastAt: toIso(data.lastAt) ?? '',
    lastText: textOf(data.lastText),
    lastDirection: data.lastDirection === 'out' ? 'out' : 'in',
    lastChannel: data.lastChannel === 'email' ? 'email' : 'whatsapp',
    unread: num(data.unread),
    ...(data.broadcastReply === true && { broadcastId: textOf(data.lastBroadcastId) }),
    window: {
      open: lastInbound > 0 && lastInbound + WINDOW_MS > now(),
      openUntil: lastInbound > 0 ? new Date(lastInbound + WINDOW_MS).toISOString() : null,
    },
  };
}
