import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pendingEntriesQueryOptions } from './get-pending-entries';
import { invalidateOthers } from '../../../resources/invalidate-others';
import { queryKeys } from '../../../resources/query-keys';

export function rejectEntry({ id }: { id: string }): Promise<unknown> {
  return api.delete(`/admin/entries/${encodeURIComponent(id)}/reject`, {
    fallbackMessage: 'Action failed',
  });
}

export function useRejectEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectEntry,
    onSuccess: () =>
      invalidateOthers(queryClient, queryKeys.entries.all, pendingEntriesQueryOptions().queryKey),
  });
}
