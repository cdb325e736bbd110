import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../lib/confirm-dialog';
import { PageHeader } from '../../../lib/page-header';
import { RetryAlert } from '../../../lib/retry-alert';
import { ADMIN_ROLE } from '../../../lib/roles';
import { useStoredValue } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { useListView } from '../../../lib/view-toggle';
import {
  ASSIGN_FAILED,
  type Entry,
  type EntryListParams,
  LOAD_ENTRIES_FAILED,
  useAssignEmployee,
  useConfirmEntry,
  useDeleteEntry,
  useEmployees,
  useEntries,
} from '../../../resources/entries';
import { DELETE_QUESTION, EMPTY_FILTERS, FILTER_DEBOUNCE_MS, NO_ENTRIES } from '../model/constants';
import { hasFilters, isDebounced } from '../model/list-params';
import '../../../lib/ui.css';
import '../entries.css';
import { AssignEmployeeDialog } from './assign-employee-dialog';
import { ChannelDetailsDialog } from './channel-details-dialog';
import { EditEntryDialog } from './edit-entry-dialog';
import { EntriesCards } from './entries-cards';
import { EntriesFilters } from './entries-filters';
import { EntriesTable } from './entries-table';
import type { EntryActionHandlers } from './entry-actions';
import { EntryDetailsDialog } from './entry-details-dialog';
import { FollowUpDialog } from './follow-up-dialog';
import { HistoryDialog } from './history-dialog';
import { useLoadWhenVisible } from './use-load-when-visible';

type ModalKind = 'details' | 'channels' | 'history' | 'followup' | 'edit' | 'assign';
type Modal = { kind: ModalKind; entry: Entry };

/** The Entries screen: filters, the list in cards or a table, and its modals. */
export function EntriesPage() {
  const role = useStoredValue('role');
  const isAdmin = role === ADMIN_ROLE;
  const toast = useToast();
  const { confirm, dialog: confirmDialog } = useConfirm();

  // `typed` follows the inputs; `params` (the query) follows it after the debounce.
  const [typed, setTyped] = useState<EntryListParams>(EMPTY_FILTERS);
  const [params, setParams] = useState<EntryListParams>(EMPTY_FILTERS);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [view, setView] = useListView();
  const [modal, setModal] = useState<Modal | null>(null);

  const list = useEntries(params);
  const employees = useEmployees().data ?? [];
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const first = list.data?.pages[0];
  const confirmEntry = useConfirmEntry();
  const removeEntry = useDeleteEntry();
  const assign = useAssignEmployee();

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  const moreRef = useLoadWhenVisible(hasNextPage && !isFetchingNextPage, loadMore);

  useEffect(() => {
    const pending = timer;
    return () => clearTimeout(pending.current);
  }, []);

  function onFilter(change: Partial<EntryListParams>) {
    const next = { ...typed, ...change };
    setTyped(next);
    clearTimeout(timer.current);
    const typing = (Object.keys(change) as (keyof EntryListParams)[]).every(isDebounced);
    if (typing) timer.current = setTimeout(() => setParams(next), FILTER_DEBOUNCE_MS);
    else setParams(next);
  }

  const fail = (fallback: string) => (error: unknown) =>
    toast.show(errorMessage(error, fallback), 'danger');

  const adminActions: Pick<EntryActionHandlers, 'onConfirm' | 'onDelete' | 'onAssign'> = {
    onConfirm: (entry) =>
      confirmEntry.mutate(entry._id, {
        onSuccess: () => toast.show('Entry confirmed', 'success'),
        onError: fail('Confirm failed'),
      }),
    onDelete: (entry) =>
      void confirm(DELETE_QUESTION, { confirmLabel: 'Delete', tone: 'danger' }).then((ok) => {
        if (!ok) return;
        removeEntry.mutate(entry._id, {
          onSuccess: () => toast.show('Entry deleted', 'success'),
          onError: fail('Delete failed'),
        });
      }),
    onAssign: (entry) => setModal({ kind: 'assign', entry }),
  };
  const assignTo = (entry: Entry, employeeId: string | null) =>
    assign.mutate(
      { id: entry._id, employeeId },
      {
        onSuccess: () => {
          toast.show(employeeId ? 'Employee assigned' : 'Unassigned', 'success');
          setModal(null);
        },
        onError: fail(ASSIGN_FAILED),
      },
    );
  const open = (kind: ModalKind) => (entry: Entry) => setModal({ kind, entry });
  const actions: EntryActionHandlers = {
    onHistory: open('history'),
    onEdit: open('edit'),
    onFollowUp: open('followup'),
    onDetails: open('details'),
    onChannels: open('channels'),
    ...(isAdmin ? adminActions : {}),
  };
  const modalEntry = (kind: ModalKind) => (modal?.kind === kind ? modal.entry : null);
  const close = () => setModal(null);
  const estimate = first?.totalIsEstimate ? 'up to ' : '';

  return (
    <div className="entries-page">
      <PageHeader title="Entries" />
      <p className="entries-page__meta" aria-live="polite">
        <span className="ui-badge">
          <span className="visually-hidden">Your role: </span>
          {role || 'unknown'}
        </span>
        <span className="ui-badge ui-badge--gray">
          Total: {first ? `${estimate}${first.total}` : '…'}
        </span>
        <span className="ui-badge ui-badge--success">
          Confirmed: {first ? `${estimate}${first.confirmed}` : '…'}
        </span>
      </p>

      <EntriesFilters
        values={typed}
        onChange={onFilter}
        employees={employees}
        refreshing={list.isFetching}
        onRefresh={() => {
          if (!list.isFetching) void list.refetch();
        }}
        view={view}
        onView={setView}
      />

      {list.isPending ? (
        <p className="ui-empty" role="status">
          Loading entries…
        </p>
      ) : list.isError && items.length === 0 ? (
        <RetryAlert
          error={list.error}
          fallback={LOAD_ENTRIES_FAILED}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <div className="ui-empty">
          <p className="ui-empty__title">{NO_ENTRIES}</p>
          {hasFilters(params) && <p className="ui-empty__text">Nothing matches these filters.</p>}
        </div>
      ) : (
        <div aria-busy={list.isFetching}>
          {list.isError && (
            <p className="ui-alert" role="alert">
              {errorMessage(list.error, LOAD_ENTRIES_FAILED)}
            </p>
          )}
          {view === 'table' ? (
            <EntriesTable items={items} actions={actions} />
          ) : (
            <EntriesCards items={items} actions={actions} />
          )}
          <div className="entries-page__more" ref={moreRef}>
            <span className="ui-muted">
              Showing {items.length}
              {first ? ` of ${estimate}${first.total}` : ''}
            </span>
            {hasNextPage && (
              <button
                type="button"
                className="btn btn--outline btn--small"
                aria-disabled={isFetchingNextPage || undefined}
                onClick={loadMore}
              >
                {isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            )}
          </div>
        </div>
      )}

      <EntryDetailsDialog
        entry={modalEntry('details')}
        onClose={close}
        onChannels={open('channels')}
      />
      <ChannelDetailsDialog entry={modalEntry('channels')} onClose={close} />
      <HistoryDialog entry={modalEntry('history')} onClose={close} />
      <FollowUpDialog entry={modalEntry('followup')} onClose={close} />
      <EditEntryDialog entry={modalEntry('edit')} onClose={close} />
      <AssignEmployeeDialog
        entry={modalEntry('assign')}
        employees={employees}
        busy={assign.isPending}
        onAssign={assignTo}
        onClose={close}
      />
      {confirmDialog}
    </div>
  );
}
