import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveMessageChange } from '@contract/conversations';
import { subscribeMessageChanges } from '../../../lib/notification-stream';
import { queryKeys } from '../../../resources/query-keys';
import type { ConversationPage } from '../api/types';

/** Changes arriving together are applied together: one pass over the cache per batch. */
const BATCH_MS = 150;

/** The cached reads that may show a message's state: entries (their dispatch), the dashboard. */
const SHOWING_MESSAGES = new Set(['entries', 'dashboard-all']);

/**
 * A cached thread showing the changed message takes its new state at once (a failure waits for
 * the read below, which brings its reason): the tick moves without waiting for a call.
 */
function patchThread(queryClient: QueryClient, change: LiveMessageChange): void {
  if (change.state === 'failed' || change.state === 'unknown') return;
  queryClient.setQueryData<InfiniteData<ConversationPage>>(
    queryKeys.conversations.thread(change.customerId),
    (thread) =>
      thread && {
        ...thread,
        pages: thread.pages.map((page) =>
          page.messages.some((m) => m._id === change.messageId && m.state !== change.state)
            ? {
                ...page,
                messages: page.messages.map((m) =>
                  m._id === change.messageId ? { ...m, state: change.state } : m,
                ),
              }
            : page,
        ),
      },
  );
}

/** Reads again every cached answer that shows one of these messages. */
export function refreshShowing(queryClient: QueryClient, changes: LiveMessageChange[]): void {
  const ids = new Set<string>();
  for (const change of changes) {
    void queryClient.invalidateQueries({
      queryKey: queryKeys.conversations.thread(change.customerId),
    });
    void queryClient.invalidateQueries({
      queryKey: queryKeys.entries.customerTimeline(change.customerId),
    });
    for (const id of [change.entryId, change.followUpId, change.messageId]) if (id) ids.add(id);
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.inboxes });
  if (ids.size === 0) return;
  void queryClient.invalidateQueries({
    predicate: (query) => {
      if (!SHOWING_MESSAGES.has(String(query.queryKey[0])) || query.state.data === undefined)
        return false;
      const text = JSON.stringify(query.state.data);
      for (const id of ids) if (text.includes(id)) return true;
      return false;
    },
  });
}

/** On every screen: a message's state as it moves, on whatever open page shows it. */
export function MessagesLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let pending: LiveMessageChange[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeMessageChanges((change) => {
      patchThread(queryClient, change);
      pending.push(change);
      timer ??= setTimeout(() => {
        timer = undefined;
        const batch = pending;
        pending = [];
        refreshShowing(queryClient, batch);
      }, BATCH_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [queryClient]);
  return null;
}
