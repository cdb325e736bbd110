import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PendingUser } from './types';
import { queryKeys } from '../../../resources/query-keys';

export async function getPendingUsers(): Promise<PendingUser[]> {
  return (
    (await api.get<PendingUser[]>('/admin/users/pending', { fallbackMessage: 'Failed to load' })) ??
    []
  );
}

export const pendingUsersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.users.pending(),
    queryFn: getPendingUsers,
  });

export function usePendingUsers() {
  return useQuery(pendingUsersQueryOptions());
}
