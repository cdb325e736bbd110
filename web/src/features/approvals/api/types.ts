/** A registered employee waiting for approval. */
export type PendingUser = {
  _id: string;
  fullName?: string;
  name?: string;
  email?: string;
  phone?: string;
  role?: string;
};

/** An entry waiting for approval; `source` names its channels. */
export type PendingEntry = {
  _id: string;
  customer?: { names?: string[] } | null;
  description?: string;
  source?: string | string[];
};
