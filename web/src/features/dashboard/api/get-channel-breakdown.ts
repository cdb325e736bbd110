import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lastDashboardChange } from './invalidate-dashboard';
import type { ChannelBreakdown } from './types';
import { queryKeys } from '../../../resources/query-keys';

export async function getChannelBreakdown(): Promise<ChannelBreakdown> {
  return api.get<ChannelBreakdown>('/channel-breakdown', {
    query: { since: lastDashboardChange() },
    fallbackMessage: 'Failed to load dashboard',
  });
}

export const getChannelBreakdownQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dashboard.channels(), queryFn: getChannelBreakdown });

export function useChannelBreakdown() {
  return useQuery(getChannelBreakdownQueryOptions());
}
