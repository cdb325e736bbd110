import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Notification } from './types';
import { queryKeys } from '../../../resources/query-keys';

/** Polled every 15 s. */
export const NOTIFICATION_POLL_MS = 15_000;

/** Errors are silently ignored: an empty list instead. */
export async function getLatestNotifications(): Promise<Notification[]> {
  try {
    const list = await api.get('/notifications/latest');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/**
 * The dashboard's own call brings the first list (get-dashboard.ts): polling starts once it has
 * (`enabled`), and the seeded list counts as fresh for a poll's interval.
 */
export function useLatestNotifications(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.notificationsLatest(),
      queryFn: getLatestNotifications,
      refetchInterval: NOTIFICATION_POLL_MS,
      staleTime: NOTIFICATION_POLL_MS,
      enabled,
    }),
  );
}
