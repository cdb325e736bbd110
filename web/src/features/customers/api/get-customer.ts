import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

import type { CustomerDetail } from './types';
import { queryKeys } from '../../../resources/query-keys';

export const LOAD_CUSTOMER_FAILED = 'Failed to load customer';

/** GET /customers/{id}: one customer, for their page. */
export function getCustomer(id: string, signal?: AbortSignal): Promise<CustomerDetail> {
  return api.get<CustomerDetail>(`/customers/${encodeURIComponent(id)}`, {
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
