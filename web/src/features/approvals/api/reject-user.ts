import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pendingUsersQueryOptions } from './get-pending-users';
import { invalidateOthers } from './invalidate-others';
import { queryKeys } from '../../../resources/query-keys';

export function rejectUser({ id }: { id: string }): Promise<unknown> {
  return api.delete(`/admin/users/${encodeURIComponent(id)}/reject`, {
    fallbackMessage: 'Action failed',
  });
}

export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectUser,
    onSuccess: () =>
      invalidateOthers(queryClient, queryKeys.users.all, pendingUsersQueryOptions().queryKey),
  });
}
