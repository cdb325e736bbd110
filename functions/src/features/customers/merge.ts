// Merging customers: the primary takes the union of everyone's names, phones, emails and
// categories, the highest potential and the notes joined; the others are deleted and their
// phones and emails pass to the primary, all in one transaction (so an edit made meanwhile
// makes it run again rather than being lost). An audit document under the primary keeps what
// was merged. Then the primary's own entries and follow-ups take its merged copy and name, and
// those of the merged customers move to the primary.
import { carriedOwner } from '../../domain/customers/owner';
import { carriedTax } from '../../domain/customers/tax-details';
import { mergeSummaries, summaryCustomer, summaryRef } from '../../domain/conversations/store';
import { carriedWindows } from '../../domain/customers/whatsapp-windows';
import { FieldValue, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { RecordWriter } from '../../domain/writes/records';
import { runInTransaction } from '../../domain/writes/transaction';
import { refreshCustomerOnEntries } from '../../domain/writes/customer-copies';
import { moveLinked } from '../../domain/customers/linked';
import { moveCustomerMessages } from '../../domain/messages';
import { customerCopy } from '../../domain/entries/record';
import {
  followUpCustomerName,
  renameCustomerOnFollowUps,
} from '../../domain/followups/customer-name';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import {
  CUSTOMER_AUDIT,
  CUSTOMER_LINKED_COLLECTIONS,
  MAX_CATEGORIES,
  MAX_EMAILS,
  MAX_NAMES,
  MAX_PHONES,
} from '../../domain/customers/constants';
import { claimKey, readKeyOwners } from '../../domain/customers/keys';
import {
  type CustomerFields,
  higherPotential,
  joinNotes,
  unique,
} from '../../domain/customers/normalize';
import {
  buildCustomerRecord,
  type Customer,
  customerKeys,
  fieldsOf,
  toCustomer,
} from '../../domain/customers/record';
import { CUSTOMER_NOT_FOUND, customerRef } from '../../domain/customers/store';

export function mergedFields(all: readonly CustomerFields[]): CustomerFields {
  return {
    names: unique(all.flatMap((c) => c.names)),
    phones: unique(
      all.flatMap((c) => c.phones),
      (p) => p,
    ),
    emails: unique(
      all.flatMap((c) => c.emails),
      (e) => e,
    ),
    categories: unique(all.flatMap((c) => c.categories)),
    potential: all.map((c) => c.potential).reduce(higherPotential, ''),
    note: joinNotes(all.map((c) => c.note)),
  };
}

function checkLimits(fields: CustomerFields): void {
  const limits: [keyof CustomerFields, number][] = [
    ['names', MAX_NAMES],
    ['phones', MAX_PHONES],
    ['emails', MAX_EMAILS],
    ['categories', MAX_CATEGORIES],
  ];
  for (const [field, max] of limits) {
    if ((fields[field] as string[]).length > max)
      throw new HttpError(400, `The merged customer would have more than ${max} ${field}`);
  }
}

export interface MergeResult {
  customer: Customer;
  deleted: true;
  moved: Record<string, number>;
}

export async function mergeCustomers(
  primaryId: string,
  mergeIds: readonly string[],
  session: Session,
): Promise<MergeResult> {
  const primaryRef = customerRef(primaryId);
  const auditRef = primaryRef.collection(CUSTOMER_AUDIT).doc();
  let nameBefore = '';
  let records: RecordWriter | undefined;
  const customer = await runInTransaction(async (tx) => {
    const snapshots = await tx.getAll(primaryRef, ...mergeIds.map((id) => customerRef(id)));
    const missing = snapshots.filter((s) => !s.exists).map((s) => s.id);
    if (missing.length > 0)
      throw new HttpError(404, `${CUSTOMER_NOT_FOUND}: ${missing.join(', ')}`);
    const [primary, ...others] = snapshots.map((s) => ({
      id: s.id,
      data: s.data() as DocumentData,
    }));
    const all = [primary, ...others].map((c) => fieldsOf(c.data));
    nameBefore = followUpCustomerName(all[0]);
    const merged = mergedFields(all);
    checkLimits(merged);
    const keys = customerKeys(merged);
    const owners = await readKeyOwners(
      tx,
      keys.map((k) => k.id),
    );

    const summaries = await Promise.all(snapshots.map((s) => tx.get(summaryRef(s.id))));
    records = await RecordWriter.inTransaction(tx);
    const now = Timestamp.now();
    const record = buildCustomerRecord(
      merged,
      {
        createdAt: primary.data.createdAt instanceof Timestamp ? primary.data.createdAt : now,
        updatedAt: now,
      },
      carriedOwner([primary, ...others].map((c) => c.data)),
    );
    const kept = {
      ...record,
      ...carriedWindows(
        [primary, ...others].map((c) => c.data),
        merged.phones,
      ),
      ...carriedTax([primary, ...others].map((c) => c.data)),
    };
    records.setCustomer(primaryRef, primary.data, kept);
    mergeSummaries(tx, summaries, primaryId, summaryCustomer(kept));
    records.deleteCustomers(others.map((o) => ({ ref: customerRef(o.id), before: o.data })));
    const group = new Set([primaryId, ...mergeIds]);
    for (const key of keys) {
      const owner = owners.get(key.id);
      // Keys held by a customer outside the merge (a twin saved with "add anyway") stay theirs.
      if (owner === undefined || (group.has(owner) && owner !== primaryId))
        claimKey(tx, key, primaryId);
    }
    tx.create(auditRef, {
      type: 'merge',
      at: now,
      by: { uid: session.uid, email: session.email },
      primaryBefore: { ...all[0], createdAt: primary.data.createdAt ?? null },
      mergedIds: [...mergeIds],
      merged: others.map((o, i) => ({
        _id: o.id,
        ...all[i + 1],
        createdAt: o.data.createdAt ?? null,
      })),
    });
    return toCustomer(primaryId, kept);
  });

  await records?.afterCommit();
  // The primary's own entries and follow-ups take its merged copy and name (a merged customer
  // may bring the first name of a primary that had only a phone); the moved ones get them as
  // they move.
  await refreshCustomerOnEntries(primaryId, customerCopy(customer));
  const name = followUpCustomerName(customer);
  if (name !== nameBefore) await renameCustomerOnFollowUps(primaryId, name);
  const moved: Record<string, number> = {};
  for (const collection of CUSTOMER_LINKED_COLLECTIONS)
    moved[collection] = await moveLinked(collection, mergeIds, customer);
  Object.assign(moved, await moveCustomerMessages(mergeIds, customer));
  await auditRef.update({ moved, movedAt: FieldValue.serverTimestamp() });
  return { customer, deleted: true, moved };
}
