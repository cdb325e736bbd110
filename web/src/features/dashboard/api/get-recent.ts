import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RecentItem } from './types';
import { queryKeys } from '../../../resources/query-keys';

export async function getRecent(): Promise<RecentItem[]> {
  const list = await api.get<RecentItem[]>('/recent', {
    fallbackMessage: 'Failed to load dashboard',
  });
  return Array.isArray(list) ? list : [];
}

export const recentQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dashboard.recent(), queryFn: getRecent });

export function useRecent() {
  return useQuery(recentQueryOptions());
}
