// Customers by id: the named reads every feature uses, so the document's place is written once.
import type { DocumentData, DocumentReference, Firestore } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import { CUSTOMERS } from './constants';
import { toCustomer, type Customer } from './record';

/** What every route answers for a customer that does not exist. */
export const CUSTOMER_NOT_FOUND = 'Customer not found';

export function customerRef(id: string, db: Firestore = getDb()): DocumentReference {
  return db.collection(CUSTOMERS).doc(id);
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

/** The customer as the API answers it; none is a 404 'Customer not found'. */
export async function requireCustomer(id: string): Promise<Customer> {
  return toCustomer(id, await requireCustomerData(id));
}
