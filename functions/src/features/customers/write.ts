// Adding, editing and deleting one customer, each in one transaction with its identity keys.
import { carriedWindows } from '../../domain/customers/whatsapp-windows';
import { carriedOwner, type CustomerOwner } from '../../domain/customers/owner';
import {
  carriedTax,
  type CustomerTax,
  nextTax,
  NO_TAX,
  TAX_FIELD,
  taxOf,
} from '../../domain/customers/tax-details';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { runInTransaction } from '../../domain/writes/transaction';
import { RecordWriter } from '../../domain/writes/records';
import { forgetSummary, summaryRef } from '../../domain/conversations/store';
import { refreshCustomerOnEntries, sameCustomerCopy } from '../../domain/writes/customer-copies';
import { customerCopy, type CustomerCopy } from '../../domain/entries/record';
import {
  followUpCustomerName,
  renameCustomerOnFollowUps,
} from '../../domain/followups/customer-name';
import { HttpError } from '../../http/errors';
import { CUSTOMER_NOT_FOUND, customerRef, newCustomerRef } from '../../domain/customers/store';
import {
  claimKey,
  findHeirs,
  readCustomers,
  readKeyOwners,
  releaseKey,
} from '../../domain/customers/keys';
import {
  type CustomerFields,
  type CustomerInput,
  hasIdentity,
} from '../../domain/customers/normalize';
import {
  buildCustomerRecord,
  type Customer,
  type CustomerKey,
  customerKeys,
  customerLabel,
  fieldsOf,
  toCustomer,
} from '../../domain/customers/record';

export const NEEDS_IDENTITY = 'Please add at least a name/phone/email';

/** A phone or email of the input already belongs to `customer` (answered as 409). */
export class DuplicateCustomerError extends Error {
  constructor(
    message: string,
    readonly customer: Customer,
  ) {
    super(message);
    this.name = 'DuplicateCustomerError';
  }
}

export function duplicateError(key: CustomerKey, ownerId: string, owner: DocumentData) {
  const customer = toCustomer(ownerId, owner);
  return new DuplicateCustomerError(
    `The ${key.kind} ${key.value} already belongs to ${customerLabel(customer)}.`,
    customer,
  );
}

export interface SaveOptions {
  /** Save even when a phone or email belongs to another customer ("add anyway"). */
  force: boolean;
}

export interface CreateOptions extends SaveOptions {
  /** Who will own the new customer (its creator). */
  owner?: CustomerOwner;
  /** The GST details sent with it. */
  tax?: Partial<CustomerTax>;
}

/** The tax field of a rewrite: the details sent applied, else the stored ones carried. */
function taxFields(before: DocumentData | undefined, sent: Partial<CustomerTax>): DocumentData {
  if (sent.gstin === undefined && sent.billingState === undefined) return carriedTax([before]);
  const tax = nextTax(before ? taxOf(before) : NO_TAX, sent);
  return tax.gstin || tax.billingState ? { [TAX_FIELD]: tax } : {};
}

export async function createCustomer(
  fields: CustomerFields,
  { force, owner, tax = {} }: CreateOptions,
): Promise<Customer> {
  if (!hasIdentity(fields)) throw new HttpError(400, NEEDS_IDENTITY);
  const ref = newCustomerRef();
  return runInTransaction(async (tx) => {
    const keys = customerKeys(fields);
    const owners = await readKeyOwners(
      tx,
      keys.map((k) => k.id),
    );
    const others = await readCustomers(tx, owners.values());
    const taken = keys.filter((k) => others.has(owners.get(k.id) ?? ''));
    if (taken.length > 0 && !force) {
      const ownerId = owners.get(taken[0].id) as string;
      throw duplicateError(taken[0], ownerId, others.get(ownerId) as DocumentData);
    }
    const records = await RecordWriter.inTransaction(tx);
    const now = Timestamp.now();
    const record = {
      ...buildCustomerRecord(fields, { createdAt: now, updatedAt: now }, owner ?? null),
      ...taxFields(undefined, tax),
    };
    records.createCustomer(ref, record);
    // A key whose owner is gone (or never was) is free; one a live customer holds stays theirs.
    for (const key of keys) if (!taken.includes(key)) claimKey(tx, key, ref.id);
    return toCustomer(ref.id, record);
  });
}

/**
 * Replaces the fields given in `input` (absent fields stay as they are); then the customer's
 * entries take the new copy when it changed, and its follow-ups the new name when that changed.
 */
export async function updateCustomer(
  id: string,
  input: CustomerInput,
  { force }: SaveOptions,
  tax: Partial<CustomerTax> = {},
): Promise<Customer> {
  const ref = customerRef(id);
  let copyBefore: CustomerCopy | undefined;
  const customer = await runInTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const data = snapshot.data();
    if (!data) throw new HttpError(404, CUSTOMER_NOT_FOUND);
    copyBefore = customerCopy(data);
    const current = fieldsOf(data);
    const next: CustomerFields = { ...current };
    for (const field of Object.keys(input) as (keyof CustomerFields)[]) {
      const value = input[field];
      if (value !== undefined) Object.assign(next, { [field]: value });
    }
    if (!hasIdentity(next)) throw new HttpError(400, NEEDS_IDENTITY);

    const oldKeys = customerKeys(current);
    const newKeys = customerKeys(next);
    const newIds = new Set(newKeys.map((k) => k.id));
    const owners = await readKeyOwners(
      tx,
      [...oldKeys, ...newKeys].map((k) => k.id),
    );
    const others = await readCustomers(
      tx,
      [...owners.values()].filter((owner) => owner !== id),
    );
    const taken = newKeys.filter((k) => others.has(owners.get(k.id) ?? ''));
    const added = newKeys.filter((k) => !oldKeys.some((o) => o.id === k.id));
    const takenAdded = taken.find((k) => added.includes(k));
    if (takenAdded && !force) {
      const ownerId = owners.get(takenAdded.id) as string;
      throw duplicateError(takenAdded, ownerId, others.get(ownerId) as DocumentData);
    }
    const released = oldKeys.filter((k) => !newIds.has(k.id) && owners.get(k.id) === id);
    const heirs = await findHeirs(tx, id, released);
    const records = await RecordWriter.inTransaction(tx);

    const record = buildCustomerRecord(
      next,
      {
        createdAt: data.createdAt instanceof Timestamp ? data.createdAt : Timestamp.now(),
        updatedAt: Timestamp.now(),
      },
      carriedOwner([data]),
    );
    const kept = {
      ...record,
      ...carriedWindows([data], next.phones),
      ...taxFields(data, tax),
    };
    records.setCustomer(ref, data, kept);
    for (const key of newKeys)
      if (!taken.includes(key) && owners.get(key.id) !== id) claimKey(tx, key, id);
    for (const key of released) releaseKey(tx, key, heirs.get(key.id));
    return toCustomer(id, kept);
  });
  const copyAfter = customerCopy(customer);
  if (!copyBefore || !sameCustomerCopy(copyBefore, copyAfter))
    await refreshCustomerOnEntries(id, copyAfter);
  const name = followUpCustomerName(customer);
  if (!copyBefore || followUpCustomerName(copyBefore) !== name)
    await renameCustomerOnFollowUps(id, name);
  return customer;
}

export async function deleteCustomer(id: string): Promise<void> {
  const ref = customerRef(id);
  let records: RecordWriter | undefined;
  await runInTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const data = snapshot.data();
    if (!data) throw new HttpError(404, CUSTOMER_NOT_FOUND);
    const keys = customerKeys(fieldsOf(data));
    const owners = await readKeyOwners(
      tx,
      keys.map((k) => k.id),
    );
    const owned = keys.filter((k) => owners.get(k.id) === id);
    const heirs = await findHeirs(tx, id, owned);
    const summary = await tx.get(summaryRef(id));
    records = RecordWriter.deferred(tx);
    records.deleteCustomers([{ ref, before: data }]);
    // Its conversation leaves the Inbox with it (its unread with the owner's count).
    forgetSummary(tx, summary);
    for (const key of owned) releaseKey(tx, key, heirs.get(key.id));
  });
  await records?.afterCommit();
}
