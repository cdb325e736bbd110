import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';

/** PUT /customers/{id}/owner (admin): the employee the customer's replies go to; null: none. */
export function setCustomerOwner(id: string, ownerId: string | null) {
  return api.put(
    apiPath('/customers/:id/owner', { id }),
    { ownerId },
    { fallbackMessage: 'Could not change the owner' },
  );
}

export function useSetCustomerOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ownerId }: { id: string; ownerId: string | null }) =>
      setCustomerOwner(id, ownerId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.customers.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
    },
  });
}
