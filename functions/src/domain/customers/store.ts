// Customers by id: the named reads every feature uses, so the document's place is written once.
import type {
  DocumentData,
  DocumentSnapshot,
  Firestore,
  QueryDocumentSnapshot,
  Transaction,
} from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import { CUSTOMERS } from './constants';
import { keyRef } from './keys';
import { customerKeyId, toCustomer, type Customer } from './record';

/** What every route answers for a customer that does not exist. */
export const CUSTOMER_NOT_FOUND = 'Customer not found';

export function customerRef(id: string, db: Firestore = getDb()) {
  return db.collection(CUSTOMERS).doc(id);
}

/** The place of a customer about to be created (a new, unused id). */
export function newCustomerRef() {
  return getDb().collection(CUSTOMERS).doc();
}

/** In `tx`, up to `limit` customers whose sort name is `nameSort` (the import's name match). */
export function readCustomersNamed(tx: Transaction, nameSort: string, limit: number) {
  return tx.get(getDb().collection(CUSTOMERS).where('nameSort', '==', nameSort).limit(limit));
}

/** How many customers there are: an aggregation query, not a read of every document. */
export async function countCustomers(): Promise<number> {
  return (await getDb().collection(CUSTOMERS).count().get()).data().count;
}

/** Every customer: the query the lists filter and order. */
export function allCustomers() {
  return getDb().collection(CUSTOMERS);
}

/** The customer document as stored, or undefined when there is none. */
export async function getCustomerData(id: string): Promise<DocumentData | undefined> {
  return (await customerRef(id).get()).data();
}

/** The customer document as stored; none is a 404 'Customer not found'. */
export async function requireCustomerData(id: string): Promise<DocumentData> {
  const data = await getCustomerData(id);
  if (!data) throw new HttpError(404, CUSTOMER_NOT_FOUND);
  return data;
}

/** The customer document of the customer whose phone (E.164) this is, if any. */
export async function getCustomerDataByPhone(phone: string): Promise<DocumentData | undefined> {
  const key = await keyRef(getDb(), customerKeyId('phone', phone)).get();
  const id: unknown = key.get('customerId');
  if (typeof id !== 'string' || !id) return undefined;
  return getCustomerData(id);
}

/** How many documents one `getAll` of customersOfPhones asks for. */
const PHONE_LOOKUP_CHUNK = 500;

/**
 * The customers holding these phones (E.164): phone -> { id, data } for the phones some customer
 * holds. Two batched reads per chunk of phones (their keys, then their customers), with only
 * `fields` of each customer.
 */
export async function customersOfPhones(
  phones: readonly string[],
  fields: readonly string[],
): Promise<Map<string, { id: string; data: DocumentData }>> {
  const db = getDb();
  const found = new Map<string, { id: string; data: DocumentData }>();
  for (let i = 0; i < phones.length; i += PHONE_LOOKUP_CHUNK) {
    const chunk = phones.slice(i, i + PHONE_LOOKUP_CHUNK);
    const keys = await db.getAll(...chunk.map((p) => keyRef(db, customerKeyId('phone', p))));
    const ids = new Map<string, string>();
    keys.forEach((key, n) => {
      const id: unknown = key.get('customerId');
      if (typeof id === 'string' && id) ids.set(chunk[n], id);
    });
    if (ids.size === 0) continue;
    const unique = [...new Set(ids.values())];
    const docs = await db.getAll(...unique.map((id) => customerRef(id, db)), {
      fieldMask: [...fields],
    });
    const byId = new Map(docs.filter((d) => d.exists).map((d) => [d.id, d.data() ?? {}]));
    for (const [phone, id] of ids) {
      const data = byId.get(id);
      if (data) found.set(phone, { id, data });
    }
  }
  return found;
}

/**
 * The customers of these ids that exist, with only `fields` of each, read 500 at a time, all the
 * batches at once.
 */
export async function customersByIds(
  ids: readonly string[],
  fields: readonly string[],
): Promise<QueryDocumentSnapshot[]> {
  const db = getDb();
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += PHONE_LOOKUP_CHUNK)
    chunks.push(ids.slice(i, i + PHONE_LOOKUP_CHUNK));
  const read = await Promise.all(
    chunks.map((chunk) =>
      db.getAll(...chunk.map((id) => customerRef(id, db)), { fieldMask: [...fields] }),
    ),
  );
  return read.flat().filter((doc): doc is QueryDocumentSnapshot => doc.exists);
}

/**
 * In one transaction, the customer whose phone (E.164) this is, handed to `change` to write what
 * it read; answers false when no customer has the phone (and `change` is not called).
 */
export function changeCustomerOfPhone(
  phone: string,
  change: (tx: Transaction, customer: DocumentSnapshot) => void,
): Promise<boolean> {
  const db = getDb();
  return db.runTransaction(async (tx) => {
    const key = await tx.get(keyRef(db, customerKeyId('phone', phone)));
    const customerId: unknown = key.get('customerId');
    if (!key.exists || typeof customerId !== 'string' || !customerId) return false;
    const customer = await tx.get(customerRef(customerId, db));
    if (!customer.exists) return false;
    change(tx, customer);
    return true;
  });
}

/** The customer as the API answers it; none is a 404 'Customer not found'. */
export async function requireCustomer(id: string): Promise<Customer> {
  return toCustomer(id, await requireCustomerData(id));
}
