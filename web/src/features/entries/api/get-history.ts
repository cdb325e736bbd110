import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { entryPath } from './entry-params';
import type { HistoryItem } from './types';
import { queryKeys } from '../../../resources/query-keys';

export const LOAD_HISTORY_FAILED = 'Failed to load history';

/** GET /entries/{id}/history, newest first. */
export async function getHistory(id: string, signal?: AbortSignal): Promise<HistoryItem[]> {
  return (
    (await api.get<HistoryItem[]>(entryPath(id, '/history'), {
      fallbackMessage: LOAD_HISTORY_FAILED,
      signal,
    })) ?? []
  );
}

export const historyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.entries.history(id),
    queryFn: ({ signal }) => getHistory(id, signal),
  });

export function useHistory(id: string) {
  return useQuery(historyQueryOptions(id));
}
