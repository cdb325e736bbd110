// Customer lists shared by the server and the web app. Like everything in contract/, plain
// TypeScript without imports: web/ imports it as @contract/<file>.

/** Potential values, best first; sorting follows this order, unknown values last. */
export const POTENTIALS = [
  'VIP',
  'HOT',
  'WARM',
  'COLD',
  'N/I BUT FUTURE POTENTIAL',
  'N/A',
] as const;

/** Categories offered before any customer has one. */
export const DEFAULT_CATEGORIES = [
  'PHE',
  'PP',
  'SS PUMP',
  'PASTEURIZER',
  'SS TANK',
  'PROJECTS',
  'Miscellaneous',
] as const;

/** A customer's own fields, normalised. */
export interface CustomerFields {
  names: string[];
  phones: string[];
  emails: string[];
  categories: string[];
  potential: string;
  note: string;
}

/**
 * The customer list's owner filter (`owner=`): an employee's id, or one of these: the
 * customers without an owner, or the caller's own (GET /customers only).
 */
export const OWNER_FILTER = { none: 'none', mine: 'me' } as const;

/** The customer list's filters (GET /customers' parameters besides the order and the page). */
export const CUSTOMER_FILTERS = [
  'q',
  'categories',
  'potential',
  'from',
  'to',
  'owner',
  'contactedFrom',
  'contactedTo',
  'tag',
] as const;
export type CustomerFilterName = (typeof CUSTOMER_FILTERS)[number];

/** Most saved searches one person keeps. */
export const MAX_SAVED_SEARCHES = 20;

/** A person's named set of the customer list's filters: GET /me/saved-searches lists these. */
export interface SavedSearch {
  _id: string;
  name: string;
  /** As the list's query string has them (categories comma-separated); absent: not filtered. */
  filters: Partial<Record<CustomerFilterName, string>>;
  createdAt: string | null;
}

/** What the customer list can be sorted by. */
export const SORT_FIELDS = ['name', 'phone', 'email', 'potential', 'createdAt'] as const;

/** WhatsApp's 24-hour customer-service window of one phone, as the API shows it. */
export interface WhatsAppWindow {
  phone: string;
  /** Free-form text and media may be sent (the customer wrote in the last 24 hours). */
  open: boolean;
  /** When it closes (or closed); null when the customer never wrote from this phone. */
  openUntil: string | null;
  /**
   * When the customer wrote STOP from this phone: nothing goes to it on WhatsApp until they
   * write START. null: not opted out.
   */
  optedOutAt: string | null;
}
