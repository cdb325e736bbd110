import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';
import type { ConversationPage } from './types';

export const CONVERSATION_PAGE_SIZE = 30;
export const LOAD_CONVERSATION_FAILED = 'Failed to load the conversation';

/** GET /customers/{id}/conversation: a page, oldest to newest; the cursor asks for older ones. */
export function getConversation(
  customerId: string,
  cursor?: string,
  signal?: AbortSignal,
): Promise<ConversationPage> {
  return api.get(apiPath('/customers/:id/conversation', { id: customerId }), {
    query: { limit: CONVERSATION_PAGE_SIZE, cursor },
    fallbackMessage: LOAD_CONVERSATION_FAILED,
    signal,
  });
}

/**
 * A thread fetched this recently is shown without asking again when it is opened (the Inbox
 * fetches its first rows' ahead, prefetch-threads.ts); the stream's changes still refetch it.
 */
const THREAD_FRESH_MS = 30_000;

/** The newest page first; each further page is older. */
export const conversationQueryOptions = (customerId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations.thread(customerId),
    queryFn: ({ pageParam, signal }) => getConversation(customerId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: THREAD_FRESH_MS,
  });

export function useConversation(customerId: string) {
  return useInfiniteQuery(conversationQueryOptions(customerId));
}
