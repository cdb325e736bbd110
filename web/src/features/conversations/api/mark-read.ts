import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';

/** POST /customers/{id}/conversation/read: the owner has seen it (others' reads change nothing). */
export function markRead(customerId: string) {
  return api.post(apiPath('/customers/:id/conversation/read', { id: customerId }), undefined, {
    fallbackMessage: 'Could not mark the conversation read',
  });
}

export function useMarkRead(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markRead(customerId),
    onSuccess: (answer, _vars) => {
      if (answer.unread !== 0) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.unread() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.inboxes });
    },
  });
}
