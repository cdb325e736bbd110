import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';
import type { ReplyRequest } from './types';

export const REPLY_FAILED = 'The message could not be sent';

/** POST /customers/{id}/conversation: one message on one channel, under the sending rules. */
export function sendReply(customerId: string, request: ReplyRequest) {
  return api.post(apiPath('/customers/:id/conversation', { id: customerId }), request, {
    fallbackMessage: REPLY_FAILED,
  });
}

export function useSendReply(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReplyRequest) => sendReply(customerId, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all }),
  });
}
