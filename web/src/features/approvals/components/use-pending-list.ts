import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { useConfirm } from '../../../lib/confirm-dialog';
import { rowMatches } from './row-search';
import type { PendingAction, usePendingActions } from './use-pending-actions';

/** Approvals page size. */
export const PAGE_SIZE = 10;

const NO_IDS: ReadonlySet<string> = new Set();

/**
 * A pending list's state: the search, the page, the selection (which belongs to one load of the
 * list: a reload or an action clears it) and the actions on rows and on the selection, the
 * latter after a confirm naming how many.
 */
export function usePendingList<T extends { _id: string }>(
  list: UseQueryResult<T[]>,
  actions: ReturnType<typeof usePendingActions<T>>,
  noun: readonly [one: string, many: string],
  confirm: ReturnType<typeof useConfirm>['confirm'],
) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState({ at: -1, ids: NO_IDS });
  const selected = selection.at === list.dataUpdatedAt ? selection.ids : NO_IDS;

  const rows = list.isError ? [] : (list.data ?? []);
  const filtered = rows.filter((row) => rowMatches(row, search));
  const pageCount = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const pageRows = filtered.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE);
  const selectedRows = rows.filter((row) => selected.has(row._id));

  function select(ids: string[], on: boolean) {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ at: list.dataUpdatedAt, ids: next });
  }

  const clearSelection = () => setSelection({ at: -1, ids: NO_IDS });

  function act(action: PendingAction, targets: readonly T[]) {
    clearSelection();
    void actions.run(action, targets);
  }

  async function actOnSelected(action: PendingAction) {
    const count = selectedRows.length;
    if (count === 0) return;
    const verb = action === 'approve' ? 'Approve' : 'Reject';
    const ok = await confirm(`${verb} ${count} ${count === 1 ? noun[0] : noun[1]}?`, {
      confirmLabel: verb,
      tone: action === 'approve' ? 'primary' : 'danger',
    });
    if (ok) act(action, selectedRows);
  }

  function refresh() {
    clearSelection();
    actions.dismissFailure();
    void list.refetch();
  }

  function searchFor(text: string) {
    setSearch(text);
    setPage(1);
  }

  return {
    search,
    searchFor,
    setPage,
    rows,
    filtered,
    pageRows,
    pageCount,
    currentPage,
    selected,
    selectedRows,
    select,
    act,
    actOnSelected,
    refresh,
  };
}
