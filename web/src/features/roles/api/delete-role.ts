import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { signalRolesUpdated } from './signal-roles-updated';
import { queryKeys } from '../../../resources/query-keys';

/** Refused with 409 'This role is in use by users. Reassign users first.' while users hold it. */
export function deleteRole({ id }: { id: string }): Promise<unknown> {
  return api.delete(apiPath('/admin/roles/:id', { id }), { fallbackMessage: 'Delete failed' });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => {
      signalRolesUpdated();
      return queryClient.invalidateQueries({ queryKey: queryKeys.roles.all });
    },
  });
}
