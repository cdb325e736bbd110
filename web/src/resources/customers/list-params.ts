import { SORT_FIELDS } from '@contract/customers';

export type CustomerSort = (typeof SORT_FIELDS)[number];
export type SortDir = 'asc' | 'desc';

/** The Customers list's filters and order; also its cache key and the export's parameters. */
export type CustomerListParams = {
  q: string;
  /** Every selected category must match. */
  categories: string[];
  potential: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** An employee's id, OWNER_FILTER.none (no owner) or .mine (the caller's); '' for anyone's. */
  owner: string;
  /** Last contacted (the newest message to or from them) between these days, YYYY-MM-DD. */
  contactedFrom: string;
  contactedTo: string;
  /** One of the customer's entries carries this tag (any case). */
  tag: string;
  sort: CustomerSort;
  dir: SortDir;
};
