import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../lib/api-client';
import { invalidateOthers } from '../invalidate-others';
import { queryKeys } from '../query-keys';

/**
 * After a change of users: every users query but the pending list, which the Approvals screen
 * already updated by removing the row (reloading it would bring the row back for a moment).
 */
const invalidateUsers = (queryClient: ReturnType<typeof useQueryClient>) =>
  invalidateOthers(queryClient, queryKeys.users.all, queryKeys.users.pending());

/** Approves a user with a role; also how an approved user's role is changed. */
export function approveUser({ id, role }: { id: string; role: string }): Promise<unknown> {
  return api.post(
    apiPath('/admin/users/:id/approve', { id }),
    { role },
    {
      fallbackMessage: 'Action failed',
    },
  );
}

export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () =>
      Promise.all([
        invalidateUsers(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }), // users-using counts
      ]),
  });
}

export function rejectUser({ id }: { id: string }): Promise<unknown> {
  return api.delete(apiPath('/admin/users/:id/reject', { id }), {
    fallbackMessage: 'Action failed',
  });
}

export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectUser, onSuccess: () => invalidateUsers(queryClient) });
}
