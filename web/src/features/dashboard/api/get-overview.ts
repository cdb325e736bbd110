import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lastDashboardChange } from './invalidate-dashboard';
import type { Overview } from './types';
import { queryKeys } from '../../../resources/query-keys';

export async function getOverview(): Promise<Overview> {
  return api.get<Overview>('/overview', {
    query: { since: lastDashboardChange() },
    fallbackMessage: 'Failed to load dashboard',
  });
}

export const getOverviewQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dashboard.overview(), queryFn: getOverview });

export function useOverview() {
  return useQuery(getOverviewQueryOptions());
}
