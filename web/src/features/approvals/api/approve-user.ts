import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pendingUsersQueryOptions } from './get-pending-users';
import { invalidateOthers } from './invalidate-others';
import { queryKeys } from '../../../resources/query-keys';

/** Approves a registered employee with the role they registered for. */
export function approveUser({ id, role }: { id: string; role?: string }): Promise<unknown> {
  return api.post(`/admin/users/${encodeURIComponent(id)}/approve`, role ? { role } : {}, {
    fallbackMessage: 'Action failed',
  });
}

export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () => {
      void invalidateOthers(queryClient, queryKeys.users.all, pendingUsersQueryOptions().queryKey);
      void queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }); // users-using counts
    },
  });
}
