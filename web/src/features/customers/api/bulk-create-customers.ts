import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { createCustomer } from './create-customer';

import type { Customer } from './types';
import { queryKeys } from '../../../resources/query-keys';
import type { BulkResult } from '@contract/answers';

export type { BulkResult };

export type BulkRow = { names: string[]; phones: string[]; emails: string[]; note: string };
export type BulkRequest = {
  rows: BulkRow[];
  defaultCategories: string[];
  defaultPotential: string;
};
/**
 * POST /customers/bulk (`force` adds even when a phone or email belongs to another customer).
 * When it fails, each row is created with POST /customers instead; a 409 from either
 * is passed on, so the screen can offer its choices.
 */
export async function bulkCreateCustomers(
  request: BulkRequest,
  { force }: { force?: boolean } = {},
): Promise<BulkResult> {
  try {
    return await api.post('/customers/bulk', request, {
      query: { force: force ? 'true' : undefined },
      fallbackMessage: 'Add failed',
    });
  } catch (bulkError) {
    // Client errors other than a missing route are answers about the data, not outages.
    if (bulkError instanceof ApiError && [400, 401, 403, 409, 413].includes(bulkError.status)) {
      throw bulkError;
    }
  }
  const customers: Customer[] = [];
  for (const row of request.rows) {
    customers.push(
      await createCustomer(
        { ...row, categories: request.defaultCategories, potential: request.defaultPotential },
        { force, fallbackMessage: 'Add failed' },
      ),
    );
  }
  return { created: customers.length, updated: 0, skipped: 0, customers };
}

export function useBulkCreateCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ force, ...request }: BulkRequest & { force?: boolean }) =>
      bulkCreateCustomers(request, { force }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
  });
}
