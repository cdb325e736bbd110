import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { datesReversed } from '../model/list-params';
import { customerQueryParams } from './customer-params';
import type { Customer, CustomerListParams, CustomerPage } from './types';
import { queryKeys } from '../../../resources/query-keys';

export const CUSTOMERS_PAGE_SIZE = 100;

/** One page of GET /customers; a plain array (older servers) reads as a single last page. */
export async function getCustomers(
  params: CustomerListParams,
  cursor?: string,
  signal?: AbortSignal,
): Promise<CustomerPage> {
  // A range that ends before it starts matches nobody (the filters say so): the server would
  // refuse it with a 400.
  if (datesReversed(params)) return { items: [], nextCursor: null, total: 0 };
  const answer = await api.get('/customers', {
    query: { ...customerQueryParams(params), limit: CUSTOMERS_PAGE_SIZE, cursor },
    fallbackMessage: 'Failed to load customers',
    signal,
  });
  return pageOf(answer);
}

/** GET /customers's answer as a page: a plain array (older servers) reads as a single last page. */
function pageOf(answer: CustomerPage | Customer[] | undefined): CustomerPage {
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
    queryKey: queryKeys.customers.list(params),
    queryFn: ({ pageParam, signal }) => getCustomers(params, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Keeps the rows on screen while a new search or filter loads.
    placeholderData: keepPreviousData,
  });

export function useCustomers(params: CustomerListParams) {
  return useInfiniteQuery(customersQueryOptions(params));
}

export const SEARCH_RESULTS = 8;

/** The few best matches of a search by name, phone or email (global search, merge picker). */
export function useCustomerSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: queryKeys.customers.search(text),
    queryFn: async ({ signal }) =>
      pageOf(
        await api.get('/customers', {
          query: { q: text, limit: SEARCH_RESULTS },
          fallbackMessage: 'Failed to load customers',
          signal,
        }),
      ),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}
