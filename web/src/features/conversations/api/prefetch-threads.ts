import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { customerQueryOptions } from '../../../resources/customers/one';
import { conversationQueryOptions } from './get-conversation';

/** How many of the Inbox's first rows are fetched ahead: those a person opens most. */
export const PREFETCHED_ROWS = 3;

/**
 * The Inbox's first rows' conversations (the customer and the thread's newest page) fetched
 * while the person reads the list, so that a tap draws the thread from what is here rather than
 * after two calls on a phone's network. Each costs what opening it costs (the customer and a
 * page of the thread), once per row while fresh.
 */
export function usePrefetchThreads(customerIds: readonly string[]): void {
  const queryClient = useQueryClient();
  const first = customerIds.slice(0, PREFETCHED_ROWS).join(',');
  useEffect(() => {
    if (!first) return;
    for (const id of first.split(',')) {
      void queryClient.prefetchQuery({ ...customerQueryOptions(id), staleTime: Infinity });
      void queryClient.prefetchInfiniteQuery(conversationQueryOptions(id));
    }
  }, [first, queryClient]);
}
