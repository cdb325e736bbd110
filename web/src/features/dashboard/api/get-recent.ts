import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RecentItem } from './types';

export async function getRecent(): Promise<RecentItem[]> {
  const list = await api.get<RecentItem[]>('/recent', {
    fallbackMessage: 'Failed to load dashboard',
  });
  return Array.isArray(list) ? list : [];
}

export const recentQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard-recent', {}] as const, queryFn: getRecent });

export function useRecent() {
  return useQuery(recentQueryOptions());
}
