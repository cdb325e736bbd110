import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';

export type MonthCount = { _id: { m: number; y: number }; count: number };
export type Stats = { perMonth: MonthCount[] };

/** Spec §8: stats load failures are silently ignored (no months). */
export async function getStats(): Promise<Stats> {
  try {
    const stats = await api.get<Stats>('/admin/stats');
    return { perMonth: Array.isArray(stats?.perMonth) ? stats.perMonth : [] };
  } catch {
    return { perMonth: [] };
  }
}

export const statsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.stats(), queryFn: getStats });

export function useStats() {
  return useQuery(statsQueryOptions());
}
