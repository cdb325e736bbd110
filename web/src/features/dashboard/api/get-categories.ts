import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lastDashboardChange } from './invalidate-dashboard';
import type { CategoryRow } from './types';
import { queryKeys } from '../../../resources/query-keys';

/** Spec §7: loads on its own and falls back to an empty list on failure. */
export async function getCategories(): Promise<CategoryRow[]> {
  try {
    const list = await api.get<CategoryRow[]>('/dashboard/categories', {
      query: { since: lastDashboardChange() },
    });
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export const getCategoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dashboard.categories(), queryFn: getCategories });

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
