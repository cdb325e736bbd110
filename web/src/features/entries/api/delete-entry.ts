import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { entryPath } from './entry-params';
import { queryKeys } from '../../../resources/query-keys';

/** DELETE /entries/{id}; admins only ('Only admin can delete'). */
export function deleteEntry(id: string): Promise<unknown> {
  return api.delete<unknown>(entryPath(id), { fallbackMessage: 'Delete failed' });
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.entries.all }),
  });
}
