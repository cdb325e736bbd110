// Who a notification is for, the one addressing scheme every writer and both readers (the
// feed and the stream) use: `audience` 'admins' (admins only) or 'user' with `userId`, the one
// person it is for. Admins see every notification; anyone else sees those addressed to them, so
// their latest notifications are one feed document (feed-docs.ts). A `userId` on an 'admins'
// notification (a new account awaiting approval) says whom it is about, never who reads it.
import type { Query } from 'firebase-admin/firestore';
import type { Session } from '../../http/access';

export const FOR_ADMINS = 'admins';
export const FOR_ONE_USER = 'user';

export type Recipient = typeof FOR_ADMINS | { userId: string };

export interface Address {
  audience: string;
  userId?: string;
}

/** The stored fields that address a notification to `to`. */
export function addressOf(to: Recipient): Address {
  return typeof to === 'string' ? { audience: to } : { audience: FOR_ONE_USER, userId: to.userId };
}

export function visibleTo(session: Session, address: Address): boolean {
  if (session.role === 'admin') return true;
  return address.audience === FOR_ONE_USER && address.userId === session.uid;
}

/** `query` narrowed to the notifications the caller may see (admins: unchanged). */
export function onlyVisible(session: Session, query: Query): Query {
  if (session.role === 'admin') return query;
  return query.where('audience', '==', FOR_ONE_USER).where('userId', '==', session.uid);
}
