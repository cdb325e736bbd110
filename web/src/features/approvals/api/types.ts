/** An entry waiting for approval; `source` names its channels. */
export type PendingEntry = {
  _id: string;
  customer?: { names?: string[] } | null;
  description?: string;
  source?: string | string[];
};
