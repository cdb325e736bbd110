/** A user as GET /admin/users lists them. */
export type User = {
  _id: string;
  fullName?: string;
  name?: string;
  email?: string;
  phone?: string;
  role?: string;
  approved?: boolean;
};

export type Role = { _id: string; name: string; permissions?: string[]; usersCount?: number };
