import { useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

export type PendingAction = 'approve' | 'reject';
export type PendingHandlers<T> = Record<PendingAction, (row: T) => Promise<unknown>>;

/**
 * Approve / reject rows of a pending list: the rows leave the cached list before any
 * call is made, the calls run one after another, and a failure shows its message without
 * reloading the list.
 */
export function usePendingActions<T extends { _id: string }>(
  queryKey: QueryKey,
  handlers: PendingHandlers<T>,
) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  async function run(action: PendingAction, rows: readonly T[]) {
    if (rows.length === 0) return;
    setFailure(null);
    const ids = new Set(rows.map((row) => row._id));
    await queryClient.cancelQueries({ queryKey, exact: true });
    queryClient.setQueryData<T[]>(queryKey, (list) => list?.filter((row) => !ids.has(row._id)));

    let firstError: unknown;
    for (const row of rows) {
      try {
        await handlers[action](row);
      } catch (error) {
        firstError ??= error;
      }
    }
    if (firstError !== undefined) setFailure(errorMessage(firstError, 'Action failed'));
  }

  return { run, failure, dismissFailure: () => setFailure(null) };
}
