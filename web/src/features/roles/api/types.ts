/** A role; usersCount is how many users hold it. */
export type Role = { _id: string; name: string; permissions: string[]; usersCount?: number };

/** A user as the bulk-assign checklist shows them. */
export type User = {
  _id: string;
  fullName?: string;
  name?: string;
  email?: string;
  role?: string;
  approved?: boolean;
};
