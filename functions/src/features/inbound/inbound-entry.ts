// An inbound message (WhatsApp webhook, email inbox) becomes a pending entry on the customer
// with that phone or email, or on a new customer when there is none, exactly once: the
// message's marker (inboundMessages/{provider:id}), the customer (and its phone/email key when
// new), the entry and its 'created' history item are written in one transaction, which sees
// the marker of a delivery that got there first. The same transaction adds the message to the
// customer's conversation (domain/conversations/store.ts: one more unread for the owner) and
// tells the owner (the admins for a customer without one) with a live notification. A reply
// accepting one of the customer's sent quotes is kept on that quote as a suggestion in the same
// transaction (domain/quotes/accept-reply.ts). Beside the employee's entry (features/entries/
// create.ts), the other way an entry comes into being; both store it through `storeNewEntry`.
import { INBOUND_MESSAGE } from '../../contract/notifications';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { timestampNow } from '../../timestamps';
import { claimKey, readKeyOwners } from '../../domain/customers/keys';
import { customerKeyId, prepareCustomer } from '../../domain/customers/record';
import {
  OPT_OUT_CHANGES_FIELD,
  OPT_OUTS_FIELD,
  optOutChange,
  WINDOWS_FIELD,
  windowOpening,
} from '../../domain/customers/whatsapp-windows';
import { readSettings } from '../../domain/settings/store';
import { normalizeEmail, normalizePhone } from '../../domain/customers/normalize';
import { MAX_DESCRIPTION_LENGTH } from '../../domain/entries/constants';
import { entryRef } from '../../domain/entries/store';
import { storeNewEntry } from '../../domain/entries/create';
import { patchRecord, RecordWriter } from '../../domain/writes/records';
import { runInTransaction } from '../../domain/writes/transaction';
import { ownerOf } from '../../domain/customers/owner';
import { formatPhone } from '../../domain/identity/phone';
import { FOR_ADMINS } from '../../domain/notifications/audience';
import { addToSummary, summaryCustomer, summaryRef } from '../../domain/conversations/store';
import {
  createThreadMessage,
  newThreadMessageId,
  type StoredThreadMessage,
  type ThreadFile,
} from '../../domain/messages';
import {
  buildEntryDoc,
  customerCopy,
  withoutUndefined,
  type Attachment,
} from '../../domain/entries/record';
import { customerRef, newCustomerRef } from '../../domain/customers/store';
import { quoteAnsweredIn, suggestAcceptIn } from '../../domain/quotes/accept-reply';
import { markerRef } from '../../domain/inbound/markers';

export interface InboundMessage {
  provider: 'whatsapp' | 'email';
  /** The provider's id of the message (WhatsApp message id, email Message-ID). */
  messageId: string;
  from: { phone?: string; email?: string; name?: string };
  description: string;
  receivedAt: Date;
  attachments?: Attachment[];
  /** Kept on the entry under `inbound`. */
  details?: DocumentData;
  /** The earlier message this one answers (WhatsApp's context), with its text when known. */
  replyTo?: { providerId: string; text?: string };
  /** The broadcast this message answers (its conversation message says so). */
  broadcastId?: string;
  /**
   * The words accept a quote (WhatsApp): the one whose message it replies to (`quoteId`), else,
   * with no context, the customer's newest sent quote that is still open.
   */
  acceptsQuote?: { quoteId?: string };
  /** A STOP or START (WhatsApp): the customer opts out of WhatsApp, or back in. */
  optOut?: 'stop' | 'start';
  /**
   * Who is told at once: the customer's owner, and for a customer without one the admins
   * ('owner-or-admins'), or the owner only (email: the inbox job tells the admins per run).
   */
  notify: 'owner' | 'owner-or-admins';
}

export interface InboundResult {
  /** The message is new (not a repeat of one already received). */
  created: boolean;
  /** The pending entry it started, or '' when it only joined the conversation. */
  entryId: string;
  customerId: string;
  customerCreated: boolean;
  customerName: string;
  /** The message's document in the customer's conversation. */
  conversationMessageId: string;
}

const LABEL = { whatsapp: 'WhatsApp', email: 'Email' } as const;

/**
 * A new customer's name: the sender's (WhatsApp profile, email display name), else
 * "Unknown (+91 98101 85084)" for a phone; an email address names its customer by itself.
 */
export function newCustomerNames(from: InboundMessage['from'], phone: string | null): string[] {
  const name = from.name?.replace(/\s+/g, ' ').trim().slice(0, 200);
  if (name) return [name];
  if (phone) return [`Unknown (${formatPhone(phone)})`];
  return from.email ? [] : ['Unknown sender'];
}

/**
 * Whether a customer's message starts something to act on (a pending entry for the owner): a
 * number or address the company does not know (a new lead), or the first message after the
 * conversation was quiet `quietDays`. STOP and START never do; every other message lives in
 * the conversation only.
 */
export function startsEntry(
  message: Pick<InboundMessage, 'optOut' | 'receivedAt'>,
  knownCustomer: boolean,
  lastMessageAt: Timestamp | undefined,
  quietDays: number,
): boolean {
  if (message.optOut) return false;
  if (!knownCustomer || !lastMessageAt) return true;
  return message.receivedAt.getTime() - lastMessageAt.toMillis() >= quietDays * DAY_MS;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A customer's message: in one commit, it joins their conversation (the customer is created
 * for a sender the company does not know), opens the WhatsApp window, applies a STOP or START
 * newer than the last one, starts a pending entry for the owner when it starts something
 * (startsEntry), and tells the owner. A message received before is not applied again.
 */
export async function createInboundEntry(message: InboundMessage): Promise<InboundResult> {
  const { inboundEntryQuietDays } = await readSettings();
  const marker = markerRef(message.provider, message.messageId);
  const phone = message.from.phone ? normalizePhone(message.from.phone) : null;
  const email = message.from.email ? normalizeEmail(message.from.email) : null;
  const key = phone
    ? customerKeyId('phone', phone)
    : email
      ? customerKeyId('email', email)
      : undefined;
  const newEntry = entryRef();
  const threadId = newThreadMessageId();

  return runInTransaction(async (tx) => {
    const [seen, keyOwners] = await Promise.all([
      tx.get(marker),
      readKeyOwners(tx, key ? [key] : []),
    ]);
    if (seen.exists) {
      return {
        created: false,
        entryId: String(seen.get('entryId') ?? ''),
        customerId: String(seen.get('customerId') ?? ''),
        customerCreated: false,
        customerName: '',
        conversationMessageId: String(seen.get('conversationMessageId') ?? ''),
      };
    }
    const ownerId = key && keyOwners.get(key);
    const existing = ownerId ? await tx.get(customerRef(ownerId)) : undefined;
    const summary = existing?.exists ? await tx.get(summaryRef(existing.id)) : undefined;
    const answered =
      message.acceptsQuote && existing?.exists
        ? await quoteAnsweredIn(tx, existing.id, message.acceptsQuote.quoteId)
        : undefined;
    const records = await RecordWriter.inTransaction(tx);
    const at = timestampNow();
    // A WhatsApp message opens its phone's 24-hour window in the same commit as its entry and
    // the owner's notification: a page that reads the customer on that notification sees it open.
    const opensWindow = message.provider === 'whatsapp' && phone ? phone : null;
    const optOut =
      message.optOut && opensWindow
        ? optOutChange(existing?.data(), opensWindow, message.optOut, message.receivedAt)
        : undefined;
    let customerId: string;
    let customer;
    if (existing?.exists) {
      customerId = existing.id;
      customer = customerCopy(existing.data());
      const opening =
        opensWindow && windowOpening(existing.data(), opensWindow, message.receivedAt);
      const changes = [...(opening ? [opening] : []), ...(optOut ?? [])];
      if (changes.length > 0) patchRecord(tx, existing.ref, ...changes);
    } else {
      const ref = newCustomerRef();
      const { record, keys } = prepareCustomer(
        {
          names: newCustomerNames(message.from, phone),
          phones: phone ? [phone] : [],
          emails: email ? [email] : [],
          note: `Added from an inbound ${LABEL[message.provider]} message`,
        },
        { createdAt: at, updatedAt: at },
      );
      const window = opensWindow && windowOpening(undefined, opensWindow, message.receivedAt);
      const optedOut = message.optOut === 'stop' && opensWindow;
      const when = Timestamp.fromDate(message.receivedAt);
      records.createCustomer(ref, {
        ...record,
        ...(window && { [WINDOWS_FIELD]: { [opensWindow!]: window[1] } }),
        ...(optedOut && { [OPT_OUTS_FIELD]: { [opensWindow]: when } }),
        ...(message.optOut && opensWindow && { [OPT_OUT_CHANGES_FIELD]: { [opensWindow]: when } }),
      });
      for (const k of keys) claimKey(tx, k, ref.id);
      customerId = ref.id;
      customer = customerCopy(record);
    }
    const label = LABEL[message.provider];
    const customerData = existing?.exists ? existing.data() : customer;
    const salesOwner = ownerOf(customerData);
    const lastAt = summary?.get('lastAt') as Timestamp | undefined;
    const entry = startsEntry(message, Boolean(existing?.exists), lastAt, inboundEntryQuietDays);
    const description = message.description.slice(0, MAX_DESCRIPTION_LENGTH) || `${label} message`;
    if (entry) {
      const doc = buildEntryDoc({
        customerId,
        customer,
        description,
        tags: [],
        attachments: message.attachments ?? [],
        category: customer.categories[0] ?? '',
        amount: 0,
        currency: 'INR',
        process: '',
        extraNote: '',
        channel: message.provider,
        status: 'pending',
        employee: salesOwner ? { _id: salesOwner._id, name: salesOwner.name, email: '' } : null,
        createdBy: null,
        createdByName: `${label} (inbound)`,
        source: message.provider,
        createdAt: at,
        inbound: {
          provider: message.provider,
          messageId: message.messageId,
          from: message.from.phone ?? message.from.email ?? '',
          ...(message.from.name ? { name: message.from.name } : {}),
          receivedAt: message.receivedAt,
          ...message.details,
        },
      });
      storeNewEntry(tx, records, newEntry, withoutUndefined(doc), {
        text: `Received by ${label} from ${message.from.name ? `${message.from.name} ` : ''}(${message.from.phone ?? message.from.email ?? 'unknown'})`,
        by: { uid: null, name: label },
      });
    }
    tx.create(marker, {
      provider: message.provider,
      messageId: message.messageId.slice(0, 1000),
      entryId: entry ? newEntry.id : '',
      customerId,
      conversationMessageId: threadId,
      at,
    });
    const thread: StoredThreadMessage = {
      customerId,
      at,
      direction: 'in',
      channel: message.provider,
      text: description,
      ...(typeof message.details?.subject === 'string' && { subject: message.details.subject }),
      files: (message.attachments ?? []) as ThreadFile[],
      state: 'received',
      ...(message.from.name ? { byName: message.from.name } : {}),
      source: 'inbound',
      ...(entry && { entryId: newEntry.id }),
      providerId: message.messageId.slice(0, 1000),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.broadcastId ? { broadcastId: message.broadcastId } : {}),
      ...(answered && {
        acceptSuggestion: {
          quoteId: answered.id,
          number: String(answered.data.number),
          validUntil: String(answered.data.validUntil ?? ''),
        },
      }),
    };
    createThreadMessage(tx, threadId, thread);
    if (answered)
      suggestAcceptIn(
        tx,
        answered.id,
        { text: description.slice(0, 300), conversationMessageId: threadId },
        at,
      );
    const shown = summaryCustomer(customerData);
    addToSummary(tx, summary, customerId, shown, thread);
    if (salesOwner || message.notify === 'owner-or-admins') {
      records.notify({
        to: salesOwner ? { userId: salesOwner._id } : FOR_ADMINS,
        type: INBOUND_MESSAGE,
        title: `New ${label === 'Email' ? 'email' : 'WhatsApp message'}`,
        message: `${shown.name}: ${thread.text.slice(0, 300)}`,
        about: { customerId, ...(entry && { entryId: newEntry.id }) },
      });
    }
    return {
      created: true,
      entryId: entry ? newEntry.id : '',
      customerId,
      customerCreated: !existing?.exists,
      customerName: customer.names[0] ?? customer.phones[0] ?? customer.emails[0] ?? '',
      conversationMessageId: threadId,
    };
  });
}
