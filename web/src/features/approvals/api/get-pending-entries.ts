import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PendingEntry } from './types';

export async function getPendingEntries(): Promise<PendingEntry[]> {
  return (
    (await api.get<PendingEntry[]>('/admin/entries/pending', {
      fallbackMessage: 'Failed to load',
    })) ?? []
  );
}

export const pendingEntriesQueryOptions = () =>
  queryOptions({
    queryKey: ['entries', { status: 'pending' }] as const,
    queryFn: getPendingEntries,
  });

export function usePendingEntries() {
  return useQuery(pendingEntriesQueryOptions());
}
