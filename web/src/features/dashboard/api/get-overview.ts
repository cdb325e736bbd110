import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Overview } from './types';

export async function getOverview(): Promise<Overview> {
  return api.get<Overview>('/overview', { fallbackMessage: 'Failed to load dashboard' });
}

export const getOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard-overview', {}] as const, queryFn: getOverview });

export function useOverview() {
  return useQuery(getOverviewQueryOptions());
}
