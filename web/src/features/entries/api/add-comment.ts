import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { entryPath } from './entry-params';
import type { HistoryItem } from './types';
import { queryKeys } from '../../../resources/query-keys';

export const COMMENT_FAILED = 'Failed to save comment';

/** POST /entries/{id}/history/comment with the time it was written. */
export function addComment({ id, text }: { id: string; text: string }) {
  return api.post<HistoryItem>(
    entryPath(id, '/history/comment'),
    { when: new Date().toISOString(), text },
    { fallbackMessage: COMMENT_FAILED },
  );
}

export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (_item, { id }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.entries.history(id) }),
  });
}
