// One customer by id, as the customer page reads it.
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import { CUSTOMERS } from '../../domain/customers/constants';
import { toCustomer, type Customer } from '../../domain/customers/record';
import { NOT_FOUND } from './write';

export async function readCustomer(id: string): Promise<Customer> {
  const snapshot = await getDb().collection(CUSTOMERS).doc(id).get();
  const data = snapshot.data();
  if (!data) throw new HttpError(404, NOT_FOUND);
  return toCustomer(id, data);
}
