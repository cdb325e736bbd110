import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Notification } from './types';
import { queryKeys } from '../../../resources/query-keys';

/** Spec §9: polled every 15 s. */
export const NOTIFICATION_POLL_MS = 15_000;

/** Errors are silently ignored (spec §8): an empty list instead. */
export async function getLatestNotifications(): Promise<Notification[]> {
  try {
    const list = await api.get<Notification[]>('/notifications/latest');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export const latestNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notificationsLatest(),
    queryFn: getLatestNotifications,
    refetchInterval: NOTIFICATION_POLL_MS,
  });

export function useLatestNotifications() {
  return useQuery(latestNotificationsQueryOptions());
}
