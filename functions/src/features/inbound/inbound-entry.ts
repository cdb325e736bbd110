// An inbound message (WhatsApp webhook, email inbox) becomes a pending entry on the customer
// with that phone or email, or on a new customer when there is none, exactly once: the
// message's marker (inboundMessages/{provider:id}), the customer (and its phone/email key when
// new), the entry and its 'created' history item are written in one transaction, which sees
// the marker of a delivery that got there first.
import { createHash } from 'node:crypto';
import type { DocumentData } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { timestampNow } from '../../timestamps';
import { CUSTOMERS } from '../customers/constants';
import { keyDoc, keyRef } from '../customers/keys';
import { applyCustomerChange, applyEntryChange } from '../dashboard/contributions';
import { recentWriter } from '../dashboard/recent-activity';
import { customerKeyId, prepareCustomer } from '../customers/record';
import { normalizeEmail, normalizePhone } from '../customers/normalize';
import { ENTRIES, MAX_DESCRIPTION_LENGTH } from '../entries/constants';
import { historyDoc, historyRef } from '../entries/history';
import { buildEntryDoc, customerCopy, withoutUndefined, type Attachment } from '../entries/record';

export const INBOUND_MESSAGES = 'inboundMessages';

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
}

export interface InboundResult {
  created: boolean;
  entryId: string;
  customerId: string;
  customerCreated: boolean;
  customerName: string;
}

/** The marker's id: the provider and a hash of the id (ids may hold '/', and be long). */
export function markerId(provider: string, messageId: string): string {
  return `${provider}:${createHash('sha256').update(messageId).digest('hex').slice(0, 40)}`;
}

const LABEL = { whatsapp: 'WhatsApp', email: 'Email' } as const;

export async function createInboundEntry(message: InboundMessage): Promise<InboundResult> {
  const db = getDb();
  const marker = db.collection(INBOUND_MESSAGES).doc(markerId(message.provider, message.messageId));
  const phone = message.from.phone ? normalizePhone(message.from.phone) : null;
  const email = message.from.email ? normalizeEmail(message.from.email) : null;
  const key = phone
    ? customerKeyId('phone', phone)
    : email
      ? customerKeyId('email', email)
      : undefined;
  const entryRef = db.collection(ENTRIES).doc();

  return db.runTransaction(async (tx) => {
    const [seen, owner] = await Promise.all([
      tx.get(marker),
      key ? tx.get(keyRef(db, key)) : Promise.resolve(undefined),
    ]);
    if (seen.exists) {
      return {
        created: false,
        entryId: String(seen.get('entryId') ?? ''),
        customerId: String(seen.get('customerId') ?? ''),
        customerCreated: false,
        customerName: '',
      };
    }
    const ownerId: unknown = owner?.get('customerId');
    const existing =
      typeof ownerId === 'string' && ownerId
        ? await tx.get(db.collection(CUSTOMERS).doc(ownerId))
        : undefined;
    const applyRecent = recentWriter(tx, db);
    const at = timestampNow();
    let customerId: string;
    let customer;
    if (existing?.exists) {
      customerId = existing.id;
      customer = customerCopy(existing.data());
    } else {
      const ref = db.collection(CUSTOMERS).doc();
      const name = message.from.name?.replace(/\s+/g, ' ').trim().slice(0, 200);
      const { record, keys } = prepareCustomer(
        {
          names: name ? [name] : phone || email ? [] : ['Unknown sender'],
          phones: phone ? [phone] : [],
          emails: email ? [email] : [],
          note: `Added from an inbound ${LABEL[message.provider]} message`,
        },
        { createdAt: at, updatedAt: at },
      );
      tx.create(ref, record);
      for (const k of keys) tx.set(keyRef(db, k.id), keyDoc(k, ref.id));
      applyCustomerChange(tx, null, { id: ref.id, data: record });
      applyRecent({ customers: [{ id: ref.id, data: record }] });
      customerId = ref.id;
      customer = customerCopy(record);
    }
    const label = LABEL[message.provider];
    const doc = buildEntryDoc({
      customerId,
      customer,
      description: message.description.slice(0, MAX_DESCRIPTION_LENGTH) || `${label} message`,
      tags: [],
      attachments: message.attachments ?? [],
      category: customer.categories[0] ?? '',
      amount: 0,
      currency: 'INR',
      process: '',
      extraNote: '',
      channel: message.provider,
      status: 'pending',
      employee: null,
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
    const stored = withoutUndefined(doc);
    tx.create(entryRef, stored);
    applyEntryChange(tx, null, { id: entryRef.id, data: stored });
    applyRecent({ entries: [{ id: entryRef.id, data: stored }] });
    tx.create(
      historyRef(db, entryRef.id),
      historyDoc({
        type: 'created',
        text: `Received by ${label} from ${message.from.name ? `${message.from.name} ` : ''}(${message.from.phone ?? message.from.email ?? 'unknown'})`,
        by: { uid: null, name: label },
      }),
    );
    tx.create(marker, {
      provider: message.provider,
      messageId: message.messageId.slice(0, 1000),
      entryId: entryRef.id,
      customerId,
      at,
    });
    return {
      created: true,
      entryId: entryRef.id,
      customerId,
      customerCreated: !existing?.exists,
      customerName: customer.names[0] ?? customer.phones[0] ?? customer.emails[0] ?? '',
    };
  });
}
