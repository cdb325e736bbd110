import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import type { RoleDraft } from '../permissions';
import { signalRolesUpdated } from './signal-roles-updated';
import type { Role } from './types';
import { queryKeys } from '../../../resources/query-keys';

export function updateRole({ id, ...draft }: RoleDraft & { id: string }): Promise<Role> {
  return api.put(apiPath('/admin/roles/:id', { id }), draft, {
    fallbackMessage: 'Update failed',
  });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => {
      signalRolesUpdated();
      // A renamed role may be renamed on its users too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.roles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
      ]);
    },
  });
}
