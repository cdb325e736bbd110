import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

import type { Entry } from './types';
import { queryKeys } from '../../../resources/query-keys';

export const ASSIGN_FAILED = 'Failed to assign';

/** PUT /admin/entries/{id}/assign-employee; `employeeId` null unassigns. Admins only. */
export function assignEmployee({ id, employeeId }: { id: string; employeeId: string | null }) {
  return api.put<Entry>(
    `/admin/entries/${encodeURIComponent(id)}/assign-employee`,
    { employeeId },
    { fallbackMessage: ASSIGN_FAILED },
  );
}

export function useAssignEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.entries.all }),
  });
}
