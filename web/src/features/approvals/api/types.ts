import type { User } from '../../../resources/users';

/** A registered employee waiting for approval: a user not yet approved. */
export type PendingUser = Omit<User, 'approved'>;

/** An entry waiting for approval; `source` names its channels. */
export type PendingEntry = {
  _id: string;
  customer?: { names?: string[] } | null;
  description?: string;
  source?: string | string[];
};
