import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { entryPath } from './entry-params';
import type { Entry } from './types';
import { queryKeys } from '../../../resources/query-keys';

/** POST /entries/{id}/confirm; admins only ('Only admin can confirm'). */
export function confirmEntry(id: string): Promise<Entry> {
  return api.post<Entry>(entryPath(id, '/confirm'), undefined, {
    fallbackMessage: 'Confirm failed',
  });
}

export function useConfirmEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.entries.all }),
  });
}
