// customerKeys/{id} -> { customerId, kind, value }: which customer owns a phone or an email.
// Read and written in the same transaction as the customer, so two concurrent adds of one
// phone cannot both see it free: the second transaction's read conflicts and it runs again.
import type { DocumentData, Firestore, Transaction } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { CUSTOMER_KEYS, CUSTOMERS } from './constants';
import type { CustomerKey } from './record';

export function keyRef(db: Firestore, id: string) {
  return db.collection(CUSTOMER_KEYS).doc(id);
}

export function keyDoc(key: CustomerKey, customerId: string) {
  return { customerId, kind: key.kind, value: key.value };
}

/** In `tx`, the key becomes `customerId`'s. */
export function claimKey(tx: Transaction, key: CustomerKey, customerId: string): void {
  tx.set(keyRef(getDb(), key.id), keyDoc(key, customerId));
}

/** In `tx`, a key its customer gives up passes to `heir`, or is deleted when there is none. */
export function releaseKey(tx: Transaction, key: CustomerKey, heir: string | undefined): void {
  if (heir) claimKey(tx, key, heir);
  else tx.delete(keyRef(getDb(), key.id));
}

/** keyId -> owning customer id, for the keys that have an owner document. */
export async function readKeyOwners(
  tx: Transaction,
  keyIds: readonly string[],
): Promise<Map<string, string>> {
  const db = getDb();
  const owners = new Map<string, string>();
  const ids = [...new Set(keyIds)];
  if (ids.length === 0) return owners;
  const snapshots = await tx.getAll(...ids.map((id) => keyRef(db, id)));
  for (const snapshot of snapshots) {
    const owner: unknown = snapshot.get('customerId');
    if (snapshot.exists && typeof owner === 'string' && owner) owners.set(snapshot.id, owner);
  }
  return owners;
}

/** The customers with these ids that exist: id -> data. */
export async function readCustomers(
  tx: Transaction,
  ids: Iterable<string>,
): Promise<Map<string, DocumentData>> {
  const db = getDb();
  const found = new Map<string, DocumentData>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return found;
  const snapshots = await tx.getAll(...unique.map((id) => db.collection(CUSTOMERS).doc(id)));
  for (const snapshot of snapshots) {
    const data = snapshot.data();
    if (data) found.set(snapshot.id, data);
  }
  return found;
}

/**
 * For keys `customerId` owns and is giving up: another customer holding the same phone or
 * email (a twin saved with "add anyway"), which takes the key over; undefined to delete it.
 */
export async function findHeirs(
  tx: Transaction,
  customerId: string,
  keys: readonly CustomerKey[],
): Promise<Map<string, string | undefined>> {
  const db = getDb();
  const heirs = new Map<string, string | undefined>();
  for (const key of keys) {
    const field = key.kind === 'phone' ? 'phones' : 'emails';
    const snapshot = await tx.get(
      db.collection(CUSTOMERS).where(field, 'array-contains', key.value).limit(2),
    );
    heirs.set(key.id, snapshot.docs.find((d) => d.id !== customerId)?.id);
  }
  return heirs;
}
