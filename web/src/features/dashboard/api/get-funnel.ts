import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lastDashboardChange } from './invalidate-dashboard';
import type { FunnelRow } from './types';

/** Loads on its own and falls back to an empty list on failure. */
export async function getFunnel(): Promise<FunnelRow[]> {
  try {
    const list = await api.get<FunnelRow[]>('/dashboard/funnel', {
      query: { since: lastDashboardChange() },
    });
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export const getFunnelQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard-funnel', {}] as const, queryFn: getFunnel });

export function useFunnel() {
  return useQuery(getFunnelQueryOptions());
}
