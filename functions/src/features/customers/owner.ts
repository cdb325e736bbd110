// An admin changes a customer's owner (or leaves it without one): the customer and its
// conversation's summary together, the new owner's count taking the customer's messages they
// have not seen, and the new owner told in the same commit.
import { CUSTOMER_ASSIGNED } from '../../contract/notifications';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import { HttpError } from '../../http/errors';
import { documentIdField } from '../../http/params';
import { CUSTOMER_NOT_FOUND, customerRef } from '../../domain/customers/store';
import { OWNER_FIELD, ownerOf, type CustomerOwner } from '../../domain/customers/owner';
import { addNotification } from '../../domain/notifications/notice';
import { fieldsOf, toCustomer, type Customer } from '../../domain/customers/record';
import { categoryKeys } from '../../domain/customers/search-keys';
import { setSummaryOwner, summaryCustomer, summaryRef } from '../../domain/conversations/store';
import { displayName, userRef } from '../../domain/identity/user-store';
import { patchRecord } from '../../domain/writes/records';
import { runInTransaction } from '../../domain/writes/transaction';

export const ownerBody = bodySchema(
  'PUT /customers/:id/owner',
  z.object({
    ownerId: z.union([documentIdField('Owner'), z.null()], {
      error: 'ownerId must be an employee id, or null for no owner',
    }),
  }),
);

const NOT_AN_EMPLOYEE = 'No approved employee has this id';

export async function setCustomerOwner(id: string, ownerId: string | null): Promise<Customer> {
  const ref = customerRef(id);
  return runInTransaction(async (tx) => {
    const [customer, user, summary] = await Promise.all([
      tx.get(ref),
      ownerId ? tx.get(userRef(ownerId)) : Promise.resolve(undefined),
      tx.get(summaryRef(id)),
    ]);
    const data = customer.data();
    if (!data) throw new HttpError(404, CUSTOMER_NOT_FOUND);
    if (user && (!user.exists || user.get('approved') !== true))
      throw new HttpError(400, NOT_AN_EMPLOYEE, { ownerId: NOT_AN_EMPLOYEE });
    const owner: CustomerOwner | null =
      user && ownerId
        ? {
            _id: ownerId,
            name: displayName({
              fullName: String(user.get('fullName') ?? ''),
              email: String(user.get('email') ?? ''),
            }),
          }
        : null;
    const updatedAt = Timestamp.now();
    // The filter keys name the owner (the list's owner filter): they change with it.
    const keys = categoryKeys(fieldsOf(data).categories, owner?._id ?? '');
    patchRecord(
      tx,
      ref,
      [OWNER_FIELD, owner ?? FieldValue.delete()],
      ['categoryKeys', keys],
      ['updatedAt', updatedAt],
    );
    // The new owner's unread: the customer's messages they have not seen.
    const unread = setSummaryOwner(tx, summary, owner);
    // The new owner is told at once (toast and bell), with what waits for them.
    if (owner && ownerOf(data)?._id !== owner._id) {
      const name = summaryCustomer(data).name;
      addNotification(tx, {
        to: { userId: owner._id },
        type: CUSTOMER_ASSIGNED,
        title: `${name} is now your customer`,
        message:
          unread > 0
            ? `${unread} unread message${unread === 1 ? '' : 's'} waiting in the conversation`
            : 'Their conversation is in your Inbox',
        about: { customerId: id },
      });
    }
    const { [OWNER_FIELD]: _before, ...rest } = data;
    const after = {
      ...rest,
      ...(owner && { [OWNER_FIELD]: owner }),
      categoryKeys: keys,
      updatedAt,
    };
    return toCustomer(id, after);
  });
}
