import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lastDashboardChange } from './invalidate-dashboard';
import type { FunnelRow } from './types';
import { queryKeys } from '../../../resources/query-keys';

/** Spec §7: loads on its own and falls back to an empty list on failure. */
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
  queryOptions({ queryKey: queryKeys.dashboard.funnel(), queryFn: getFunnel });

export function useFunnel() {
  return useQuery(getFunnelQueryOptions());
}
