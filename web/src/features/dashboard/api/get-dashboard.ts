import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../resources/query-keys';
import { DUE_DAYS, RANGE } from './dashboard-call';
import { fetchDashboard, takeEarlyLoad } from './early-load';
import { lastDashboardChange } from './invalidate-dashboard';
import type { Dashboard } from './types';

/**
 * Everything the page shows in one call (GET /dashboard/all): one request and one session
 * check on the phone's slow round trip instead of nine. The first is the call started when the
 * page was opened, if any (early-load.ts).
 */
export function getDashboard(): Promise<Dashboard> {
  const since = lastDashboardChange();
  return (!since && takeEarlyLoad()) || fetchDashboard(since);
}

/** The page's figures; its notifications seed the polled list, its My day the unread count. */
export function useDashboard() {
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: queryKeys.dashboard({ range: RANGE, days: DUE_DAYS }),
      queryFn: async () => {
        const answer = await getDashboard();
        queryClient.setQueryData(queryKeys.notificationsLatest(), answer.notifications);
        queryClient.setQueryData(queryKeys.conversations.unread(), answer.myDay.unread);
        return answer;
      },
    }),
  );
}
