import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
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
  return api.get('/inbox', {
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

/** How long a count counts as fresh: the dashboard's answer seeds it (its My day holds it). */
const UNREAD_FRESH_MS = 30_000;

/**
 * The caller's unread messages (one conversation read for it: the count comes along). On a page
 * whose own answer brings the count (`fromPage`: the dashboard's My day), no call of its own
 * until that answer has seeded it; a notification or the minute's poll reads it again after.
 */
export function useUnreadCount(fromPage = false): number {
  const queryClient = useQueryClient();
  const key = queryKeys.conversations.unread();
  const seeded = queryClient.getQueryState(key)?.data !== undefined;
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getInbox('mine', 1, undefined, signal).then((page) => page.unread),
    staleTime: UNREAD_FRESH_MS,
    refetchInterval: 60_000,
    enabled: !fromPage || seeded,
  });
  return query.data ?? 0;
}
