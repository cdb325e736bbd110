import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerQueryParams, customersKey } from './customer-params';
import type { Customer, CustomerListParams, CustomerPage } from './types';

export const CUSTOMERS_PAGE_SIZE = 100;

/** One page of GET /customers; a plain array (older servers) reads as a single last page. */
export async function getCustomers(
  params: CustomerListParams,
  cursor?: string,
  signal?: AbortSignal,
): Promise<CustomerPage> {
  const answer = await api.get<CustomerPage | Customer[]>('/customers', {
    query: { ...customerQueryParams(params), limit: CUSTOMERS_PAGE_SIZE, cursor },
    fallbackMessage: 'Failed to load customers',
    signal,
  });
  if (Array.isArray(answer)) return { items: answer, nextCursor: null, total: answer.length };
  return {
    items: answer?.items ?? [],
    nextCursor: answer?.nextCursor ?? null,
    total: answer?.total ?? answer?.items?.length ?? 0,
    totalIsEstimate: answer?.totalIsEstimate === true,
  };
}

export const customersQueryOptions = (params: CustomerListParams) =>
  infiniteQueryOptions({
    queryKey: [...customersKey, params],
    queryFn: ({ pageParam, signal }) => getCustomers(params, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Keeps the rows on screen while a new search or filter loads.
    placeholderData: keepPreviousData,
  });

export function useCustomers(params: CustomerListParams) {
  return useInfiniteQuery(customersQueryOptions(params));
}
