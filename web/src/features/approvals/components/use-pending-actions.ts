import { useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';

export type PendingAction = 'approve' | 'reject';
export type PendingHandlers<T> = Record<PendingAction, (row: T) => Promise<unknown>>;

/**
 * Approve / reject rows of a pending list: the rows leave the cached list before any
 * call is made, the calls run one after another, a toast says how many were done ('Approved 2
 * entries') and a failure shows its message without reloading the list.
 */
export function usePendingActions<T extends { _id: string }>(
  queryKey: QueryKey,
  handlers: PendingHandlers<T>,
  noun: readonly [one: string, many: string],
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);

  async function run(action: PendingAction, rows: readonly T[]) {
    if (rows.length === 0) return;
    setFailure(null);
    const ids = new Set(rows.map((row) => row._id));
    await queryClient.cancelQueries({ queryKey, exact: true });
    queryClient.setQueryData<T[]>(queryKey, (list) => list?.filter((row) => !ids.has(row._id)));

    let firstError: unknown;
    let done = 0;
    for (const row of rows) {
      try {
        await handlers[action](row);
        done += 1;
      } catch (error) {
        firstError ??= error;
      }
    }
    if (done > 0) {
      const verb = action === 'approve' ? 'Approved' : 'Rejected';
      toast.show(`${verb} ${done} ${done === 1 ? noun[0] : noun[1]}`, 'success');
    }
    if (firstError !== undefined) setFailure(errorMessage(firstError, 'Action failed'));
  }

  return { run, failure, dismissFailure: () => setFailure(null) };
}
