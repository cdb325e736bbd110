import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';
import type { InboxPage } from './types';

export const INBOX_PAGE_SIZE = 30;
export const LOAD_INBOX_FAILED = 'Failed to load the Inbox';
export type InboxScope = 'mine' | 'all' | 'unowned';

/** GET /inbox: conversations, the newest message first, with the caller's unread count. */
export function getInbox(
  scope: InboxScope,
  limit: number,
  cursor?: string,
  signal?: AbortSignal,
  broadcastReplies = false,
): Promise<InboxPage> {
  return api.get<InboxPage>('/inbox', {
    query: { scope, limit, cursor, ...(broadcastReplies && { replies: 'broadcast' }) },
    fallbackMessage: LOAD_INBOX_FAILED,
    signal,
  });
}

/** The Inbox; `broadcastReplies`: only conversations in which a customer answered a broadcast. */
export function useInbox(scope: InboxScope, broadcastReplies = false) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.conversations.inbox(
        scope,
        broadcastReplies ? 'broadcastReplies' : undefined,
      ),
      queryFn: ({ pageParam, signal }) =>
        getInbox(scope, INBOX_PAGE_SIZE, pageParam, signal, broadcastReplies),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
}

/** The caller's unread messages (one conversation read for it: the count comes along). */
export function useUnreadCount(): number {
  const query = useQuery({
    queryKey: queryKeys.conversations.unread(),
    queryFn: ({ signal }) => getInbox('mine', 1, undefined, signal),
    select: (page) => page.unread,
    refetchInterval: 60_000,
  });
  return query.data ?? 0;
}
