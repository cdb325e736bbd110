import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';

/** DELETE /customers/{id}; admins only (403 'Only admin can delete customers.'). */
export function deleteCustomer(id: string) {
  return api.delete(apiPath('/customers/:id', { id }), {
    fallbackMessage: 'Delete failed',
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
  });
}
