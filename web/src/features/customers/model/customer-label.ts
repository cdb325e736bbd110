import type { Customer } from '../api/types';

/** How a customer is named on screen: first name, else first phone, else first email. */
export function customerLabel(customer: Pick<Customer, 'names' | 'phones' | 'emails'>): string {
  const first = (values: readonly string[] | undefined) => values?.find((v) => v.trim());
  return (
    first(customer.names) ?? first(customer.phones) ?? first(customer.emails) ?? 'Unnamed customer'
  );
}
