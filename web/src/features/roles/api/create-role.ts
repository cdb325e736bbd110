import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { RoleDraft } from '../permissions';
import { signalRolesUpdated } from './signal-roles-updated';
import type { Role } from './types';
import { queryKeys } from '../../../resources/query-keys';

export function createRole(draft: RoleDraft): Promise<Role> {
  return api.post('/admin/roles', draft, { fallbackMessage: 'Create failed' });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => {
      signalRolesUpdated();
      return queryClient.invalidateQueries({ queryKey: queryKeys.roles.all });
    },
  });
}
