import type { CustomerFields, WhatsAppWindow } from '@contract/customers';
import { SORT_FIELDS } from '@contract/customers';

/** A customer as the API sends it. */
export type Customer = CustomerFields & {
  _id: string;
  createdAt: string;
  updatedAt: string;
  /** The first phone's WhatsApp state (window, opt-out); older servers leave it out. */
  whatsappWindow?: WhatsAppWindow | null;
  /** The employee the customer's replies go to; null: no owner (the admins see it). */
  owner?: CustomerOwner | null;
  /** GST details for quotations: the GSTIN, and the billing state's code ('' when none). */
  gstin?: string;
  billingState?: string;
};

export type CustomerOwner = { _id: string; name: string };

/** 'Suresh Sales', or 'No owner'. */
export const ownerName = (customer: Pick<Customer, 'owner'>) => customer.owner?.name ?? 'No owner';

/** What POST /customers and PUT /customers/{id} take. */
export type CustomerInput = Pick<
  Customer,
  'names' | 'phones' | 'emails' | 'categories' | 'potential' | 'note' | 'gstin' | 'billingState'
>;

export { SORT_FIELDS };
export type {
  CustomerListParams,
  CustomerSort,
  SortDir,
} from '../../../resources/customers/list-params';

export type CustomerPage = {
  items: Customer[];
  nextCursor: string | null;
  total: number;
  /** True when `total` is an upper bound rather than the exact count. */
  totalIsEstimate?: boolean;
};

/** The body of a 409: a phone or email already belongs to `customer`. */
export type DuplicateBody = { message?: string; customer?: Customer };

/**
 * A customer as GET /customers/{id} answers it. Messaging adds when WhatsApp's 24-hour window
 * for free-form messages stays open; older servers leave it out.
 */
export type CustomerDetail = Customer;
