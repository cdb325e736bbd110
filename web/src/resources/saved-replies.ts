// Each person's own saved replies (GET/POST /me/saved-replies, DELETE /me/saved-replies/:id):
// the reply box and Add Entry's message list them under "/" beside the Text templates.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedReply, SavedReplyInput } from '@contract/saved-replies';
import { api, apiPath } from '../lib/api-client';
import { queryKeys } from './query-keys';

export type { SavedReply, SavedReplyInput };

const NO_REPLIES: SavedReply[] = [];

/** The signed-in person's saved replies; none while loading or when the list failed to load. */
export function useSavedReplies(): SavedReply[] {
  return (
    useQuery({
      queryKey: queryKeys.savedReplies.mine(),
      queryFn: async () =>
        (await api.get('/me/saved-replies', {
          fallbackMessage: 'Failed to load saved replies',
        })) ?? NO_REPLIES,
    }).data ?? NO_REPLIES
  );
}

export function useSaveReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavedReplyInput) =>
      api.post('/me/saved-replies', input, {
        fallbackMessage: 'The reply could not be saved',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedReplies.all }),
  });
}

export function useDeleteSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(apiPath('/me/saved-replies/:id', { id }), {
        fallbackMessage: 'The saved reply could not be deleted',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedReplies.all }),
  });
}
