import { SORT_FIELDS } from '@contract/customers';

/** 'Suresh Sales', or 'No owner'. */
export const ownerName = (customer: Pick<Customer, 'owner'>) => customer.owner?.name ?? 'No owner';

export { SORT_FIELDS };
export type {
  CustomerListParams,
  CustomerSort,
  SortDir,
} from '../../../resources/customers/list-params';
import type { Customer, DuplicateFailure } from '@contract/answers';

export type { Customer, CustomerInput, CustomerOwner, CustomerPage } from '@contract/answers';

/** The body of a 409: a phone or email already belongs to `customer`. */
export type DuplicateBody = Partial<DuplicateFailure>;

/**
 * A customer as GET /customers/{id} answers it. Messaging adds when WhatsApp's 24-hour window
 * for free-form messages stays open; older servers leave it out.
 */
export type CustomerDetail = Customer;
