import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { signalRolesUpdated } from './signal-roles-updated';
import { queryKeys } from '../../../resources/query-keys';

export function assignRole(input: { role: string; userIds: string[] }): Promise<unknown> {
  return api.post('/admin/users/assign-role', input, { fallbackMessage: 'Assign failed' });
}

export function useAssignRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignRole,
    onSuccess: () => {
      signalRolesUpdated();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
      ]);
    },
  });
}
