import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customersKey } from './customer-params';
import type { CustomerDetail } from './types';

export const LOAD_CUSTOMER_FAILED = 'Failed to load customer';

export const customerKey = (id: string) => [...customersKey, 'one', id] as const;

/** GET /customers/{id}: one customer, for their page. */
export function getCustomer(id: string, signal?: AbortSignal): Promise<CustomerDetail> {
  return api.get<CustomerDetail>(`/customers/${encodeURIComponent(id)}`, {
    fallbackMessage: LOAD_CUSTOMER_FAILED,
    signal,
  });
}

export const customerQueryOptions = (id: string) =>
  queryOptions({ queryKey: customerKey(id), queryFn: ({ signal }) => getCustomer(id, signal) });

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id));
}
