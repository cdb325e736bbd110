import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TimelinePage } from '@contract/customer-timeline';
import { queryKeys } from '../../../resources/query-keys';

export type { TimelineFollowUp, TimelineItem, TimelinePage } from '@contract/customer-timeline';

export const TIMELINE_PAGE_SIZE = 20;
export const LOAD_TIMELINE_FAILED = 'Failed to load history';

/**
 * Under the entries' key: adding, editing or following up an entry anywhere refreshes the
 * timeline too.
 */

/** GET /customers/{id}/timeline: entries and follow-ups, newest first, a page at a time. */
export function getCustomerTimeline(
  id: string,
  cursor?: string,
  signal?: AbortSignal,
): Promise<TimelinePage> {
  return api.get<TimelinePage>(`/customers/${encodeURIComponent(id)}/timeline`, {
    query: { limit: TIMELINE_PAGE_SIZE, cursor },
    fallbackMessage: LOAD_TIMELINE_FAILED,
    signal,
  });
}

export function useCustomerTimeline(id: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.entries.customerTimeline(id),
      queryFn: ({ pageParam, signal }) => getCustomerTimeline(id, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
}
