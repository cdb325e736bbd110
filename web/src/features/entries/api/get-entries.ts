import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isDateRangeReversed } from '../../../lib/date-range';
import { entryQueryParams } from './entry-params';
import type { EntryListParams, EntryPage } from './types';
import { queryKeys } from '../../../resources/query-keys';

export const ENTRIES_PAGE_SIZE = 50;
export const LOAD_ENTRIES_FAILED = 'Failed to load entries';

/** One page of GET /entries (newest first) for the filters. */
export async function getEntries(
  params: EntryListParams,
  cursor?: string,
  signal?: AbortSignal,
): Promise<EntryPage> {
  // A range that ends before it starts matches nothing (the filters say so under the dates).
  if (isDateRangeReversed(params.from, params.to))
    return { items: [], nextCursor: null, total: 0, confirmed: 0, totalIsEstimate: false };
  const answer = await api.get<Partial<EntryPage> | undefined>('/entries', {
    query: { ...entryQueryParams(params), limit: ENTRIES_PAGE_SIZE, cursor },
    fallbackMessage: LOAD_ENTRIES_FAILED,
    signal,
  });
  const items = answer?.items ?? [];
  return {
    items,
    nextCursor: answer?.nextCursor ?? null,
    total: answer?.total ?? items.length,
    confirmed: answer?.confirmed ?? 0,
    totalIsEstimate: answer?.totalIsEstimate === true,
  };
}

export const entriesQueryOptions = (params: EntryListParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.entries.list(params),
    queryFn: ({ pageParam, signal }) => getEntries(params, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Keeps the rows on screen while a new filter loads.
    placeholderData: keepPreviousData,
  });

export function useEntries(params: EntryListParams) {
  return useInfiniteQuery(entriesQueryOptions(params));
}
