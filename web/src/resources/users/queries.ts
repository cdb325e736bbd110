import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../query-keys';
import type { PendingUser, User } from '@contract/answers';

export type { PendingUser, User };

export async function getUsers(): Promise<User[]> {
  return (await api.get('/admin/users', { fallbackMessage: 'Failed to load users' })) ?? [];
}

/** The users list, shared by the Users screen and the Roles screen's bulk assign. */
export const usersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.list(), queryFn: getUsers });

/** Loaded only while `enabled` (a dialog that needs the list is open). */
export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(), enabled });
}

export async function getPendingUsers(): Promise<PendingUser[]> {
  return (await api.get('/admin/users/pending', { fallbackMessage: 'Failed to load' })) ?? [];
}

/** Employees waiting for approval (Approvals > Employees). */
export const pendingUsersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.pending(), queryFn: getPendingUsers });

export function usePendingUsers() {
  return useQuery(pendingUsersQueryOptions());
}

/** Reloads the users and the roles' users-using counts (focus, roles changed elsewhere). */
export function useReloadUsers() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
      ]),
    [queryClient],
  );
}
