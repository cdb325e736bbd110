import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '@contract/answers';
import { api, apiPath } from '../../lib/api-client';
import { queryKeys } from '../query-keys';

export const LOAD_CUSTOMER_FAILED = 'Failed to load customer';

/** GET /customers/{id}: one customer (its page, the quote builder), under one key. */
export function getCustomer(id: string, signal?: AbortSignal): Promise<Customer> {
  return api.get(apiPath('/customers/:id', { id }), {
    fallbackMessage: LOAD_CUSTOMER_FAILED,
    signal,
  });
}

export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.customers.one(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
  });

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id));
}
