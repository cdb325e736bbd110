import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';

/** Approves a user with a role; also how an approved user's role is changed (spec §4). */
export function approveUser({ id, role }: { id: string; role: string }): Promise<unknown> {
  return api.post(
    `/admin/users/${encodeURIComponent(id)}/approve`,
    { role },
    { fallbackMessage: 'Action failed' },
  );
}

export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }), // users-using counts
      ]),
  });
}
