import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';
import { lastDashboardChange } from './invalidate-dashboard';
import type { Dashboard } from './types';

/** The range of the entries chart and the days of follow-ups due the page shows. */
const RANGE = '30d';
const DUE_DAYS = 3;

/**
 * Everything the page shows in one call (GET /dashboard/all): one request and one session
 * check on the phone's slow round trip instead of nine. Its notifications seed the polled list.
 */
export async function getDashboard(): Promise<Dashboard> {
  return api.get<Dashboard>('/dashboard/all', {
    query: { range: RANGE, days: DUE_DAYS, since: lastDashboardChange() },
    fallbackMessage: 'Failed to load dashboard',
  });
}

export function useDashboard() {
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: queryKeys.dashboard({ range: RANGE, days: DUE_DAYS }),
      queryFn: async () => {
        const answer = await getDashboard();
        queryClient.setQueryData(queryKeys.notificationsLatest(), answer.notifications);
        return answer;
      },
    }),
  );
}
