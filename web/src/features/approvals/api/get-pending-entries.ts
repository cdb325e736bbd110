import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PendingEntry } from './types';
import { queryKeys } from '../../../resources/query-keys';

export async function getPendingEntries(): Promise<PendingEntry[]> {
  return (
    (await api.get<PendingEntry[]>('/admin/entries/pending', {
      fallbackMessage: 'Failed to load',
    })) ?? []
  );
}

export const pendingEntriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.entries.pending(),
    queryFn: getPendingEntries,
  });

export function usePendingEntries() {
  return useQuery(pendingEntriesQueryOptions());
}
