import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lastDashboardChange } from './invalidate-dashboard';
import type { SeriesItem } from './types';
import { queryKeys } from '../../../resources/query-keys';

export async function getSeries(range = '30d'): Promise<SeriesItem[]> {
  const list = await api.get<SeriesItem[]>('/series', {
    query: { range, since: lastDashboardChange() },
    fallbackMessage: 'Failed to load dashboard',
  });
  return Array.isArray(list) ? list : [];
}

export const seriesQueryOptions = (range = '30d') =>
  queryOptions({
    queryKey: queryKeys.dashboard.series({ range }),
    queryFn: () => getSeries(range),
  });

export function useSeries() {
  return useQuery(seriesQueryOptions());
}
