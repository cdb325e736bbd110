import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath } from '../../../lib/api-client';
import type { SaveOptions } from './create-customer';

import type { CustomerInput } from './types';
import { queryKeys } from '../../../resources/query-keys';

/** PUT /customers/{id}: 409 { message, customer } on a duplicate, like create. */
export function updateCustomer(id: string, input: CustomerInput, { force }: SaveOptions = {}) {
  return api.put(apiPath('/customers/:id', { id }), input, {
    query: { force: force ? 'true' : undefined },
    fallbackMessage: 'Update failed',
  });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, force }: { id: string; input: CustomerInput } & SaveOptions) =>
      updateCustomer(id, input, { force }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
  });
}
