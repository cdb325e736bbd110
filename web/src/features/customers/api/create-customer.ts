import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

import type { CustomerInput } from './types';
import { queryKeys } from '../../../resources/query-keys';

export type SaveOptions = {
  /** Saves even when a phone or email belongs to another customer (after a 409). */
  force?: boolean;
  /** The message when the server sends none; 'Create failed' unless told. */
  fallbackMessage?: string;
};

/** POST /customers: 201 with the customer; 409 { message, customer } on a duplicate. */
export function createCustomer(
  input: CustomerInput,
  { force, fallbackMessage = 'Create failed' }: SaveOptions = {},
) {
  return api.post('/customers', input, {
    query: { force: force ? 'true' : undefined },
    fallbackMessage,
  });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, force }: { input: CustomerInput } & SaveOptions) =>
      createCustomer(input, { force }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
  });
}
