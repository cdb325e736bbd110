/** The Entries filter bar; also the list's cache key. Empty values are not sent. */
export type EntryListParams = {
  q: string;
  name: string;
  phone: string;
  email: string;
  /** '' or whatsapp, email, multiple, other. */
  channel: string;
  tag: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** An employee's user id. */
  employee: string;
};
