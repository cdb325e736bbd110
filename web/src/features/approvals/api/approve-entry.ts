import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pendingEntriesQueryOptions } from './get-pending-entries';
import { invalidateOthers } from '../../../resources/invalidate-others';
import { queryKeys } from '../../../resources/query-keys';

export function approveEntry({ id }: { id: string }): Promise<unknown> {
  return api.post(`/admin/entries/${encodeURIComponent(id)}/approve`, undefined, {
    fallbackMessage: 'Action failed',
  });
}

export function useApproveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveEntry,
    onSuccess: () =>
      invalidateOthers(queryClient, queryKeys.entries.all, pendingEntriesQueryOptions().queryKey),
  });
}
