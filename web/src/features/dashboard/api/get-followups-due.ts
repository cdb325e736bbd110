import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { FollowUpDue } from './types';
import { queryKeys } from '../../../resources/query-keys';

/** Spec §7: loads on its own and falls back to an empty list on failure. */
export async function getFollowupsDue(): Promise<FollowUpDue[]> {
  try {
    const list = await api.get<FollowUpDue[]>('/followups/due', { query: { days: 3 } });
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export const getFollowupsDueQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dashboard.followupsDue(), queryFn: getFollowupsDue });

export function useFollowupsDue() {
  return useQuery(getFollowupsDueQueryOptions());
}
