import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';
import type { Stats } from '@contract/answers';

export type { MonthCount, Stats } from '@contract/answers';

/** Stats load failures are silently ignored (no months). */
export async function getStats(): Promise<Stats> {
  try {
    const stats = await api.get('/admin/stats');
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
