import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mergePreview } from '../model/merge-preview';

import { deleteCustomer } from './delete-customer';
import { updateCustomer } from './update-customer';
import type { Customer } from './types';
import type { CallAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';

export type MergeRequest = { primary: Customer; others: Customer[] };
type MergeAnswer = CallAnswer<'post', '/customers/merge'>;

/**
 * POST /customers/merge { primaryId, mergeIds }. When the server did not delete the merged
 * customers, they are deleted here; when the call fails, the primary is saved with the merged
 * fields and the others are deleted.
 */
export async function mergeCustomers({ primary, others }: MergeRequest): Promise<Customer> {
  const mergeIds = others.map((c) => c._id);
  let answer: MergeAnswer | undefined;
  try {
    answer = await api.post(
      '/customers/merge',
      { primaryId: primary._id, mergeIds },
      { fallbackMessage: 'Merge failed' },
    );
  } catch {
    answer = undefined;
  }
  if (answer) {
    if (answer.deleted !== true) await deleteAll(mergeIds);
    return answer.customer ?? primary;
  }
  // The merged phones and emails still belong to the others until they are deleted.
  const merged = await updateCustomer(primary._id, mergePreview(primary, others), {
    force: true,
  }).catch(rethrowAs('Merge failed'));
  await deleteAll(mergeIds);
  return merged;
}

async function deleteAll(ids: readonly string[]) {
  for (const id of ids) await deleteCustomer(id).catch(rethrowAs('Merge failed'));
}

/** Keeps a server message; replaces a generic fallback with the merge's own. */
function rethrowAs(fallback: string) {
  return (error: unknown): never => {
    if (error instanceof Error && !['Update failed', 'Delete failed'].includes(error.message)) {
      throw error;
    }
    throw new Error(fallback, { cause: error });
  };
}

export function useMergeCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeCustomers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
  });
}
