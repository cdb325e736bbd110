/** A message that already went for a pending entry. */
export type PendingSend = {
  channel: 'whatsapp' | 'email';
  to: string[];
  status: string;
  /** What the customer reads. */
  text: string;
};

/** An entry waiting for approval; `source` names its channels, `owner` whose entry it is. */
export type PendingEntry = {
  _id: string;
  customer?: { names?: string[] } | null;
  description?: string;
  source?: string | string[];
  createdAt?: string;
  amount?: number;
  owner?: string;
  sent?: PendingSend[];
};
