import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerFields } from '@contract/customers';
import { api, apiPath } from '../../lib/api-client';
import { queryKeys } from '../query-keys';

/** What every screen reads of one customer; the customer page reads more of the same answer. */
export type CustomerAnswer = CustomerFields & {
  _id: string;
  gstin?: string;
  billingState?: string;
};

export const LOAD_CUSTOMER_FAILED = 'Failed to load customer';

/** GET /customers/{id}: one customer (its page, the quote builder), under one key. */
export function getCustomer<T extends CustomerAnswer>(
  id: string,
  signal?: AbortSignal,
): Promise<T> {
  return api.get(apiPath('/customers/:id', { id }), {
    fallbackMessage: LOAD_CUSTOMER_FAILED,
    signal,
  });
}

export const customerQueryOptions = <T extends CustomerAnswer = CustomerAnswer>(id: string) =>
  queryOptions({
    queryKey: queryKeys.customers.one(id),
    queryFn: ({ signal }) => getCustomer<T>(id, signal),
  });

export function useCustomer<T extends CustomerAnswer = CustomerAnswer>(id: string) {
  return useQuery(customerQueryOptions<T>(id));
}
