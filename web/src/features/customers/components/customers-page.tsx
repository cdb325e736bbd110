import { MoreHorizontal } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionMenu, type ActionMenuItem } from '../../../lib/action-menu';
import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../lib/confirm-dialog';
import { PageHeader } from '../../../lib/page-header';
import { RetryAlert } from '../../../lib/retry-alert';
import { ADMIN_ROLE } from '../../../lib/roles';
import { useStoredValue } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { useIsPhone } from '../../../lib/use-media-query';
import { useListView } from '../../../lib/view-toggle';
import { useDeleteCustomer } from '../api/delete-customer';
import { useExportCustomers } from '../api/export-customers';
import { useCustomers } from '../api/get-customers';
import type { Customer, CustomerListParams, CustomerSort } from '../api/types';
import { SEARCH_DEBOUNCE_MS } from '../model/constants';
import { customerLabel } from '../model/customer-label';
import { DEFAULT_PARAMS, hasFilters, toggleSort } from '../model/list-params';
import { useOptionList, withFound } from '../model/option-lists';
import '../../../lib/ui.css';
import '../customers.css';
import { AddEntryDialog } from './add-entry-dialog';
import { CustomerFormDialog } from './customer-form-dialog';
import { CustomersCards } from './customers-cards';
import { CustomersFilters } from './customers-filters';
import { CustomersTable } from './customers-table';
import { ImportDialog } from './import-dialog';
import { MergeDialog } from './merge-dialog';
import { OptionManagerDialog } from './option-manager-dialog';
import { QuickAddPanel } from './quick-add-panel';
import type { RowActionHandlers } from './row-actions';
import { SelectionBar } from './selection-bar';
import { useListSelection } from './selection';

type HeaderItem = ActionMenuItem & { busy?: boolean };

function HeaderButtons({ items }: { items: readonly HeaderItem[] }) {
  return items.map((item) => (
    <button
      key={item.label}
      type="button"
      className={item.label === 'Manage options' ? 'btn btn--ghost' : 'btn btn--outline'}
      aria-disabled={item.busy || undefined}
      onClick={item.onSelect}
    >
      {item.label}
    </button>
  ));
}

export const ONLY_ADMIN_DELETES = 'Only admin can delete customers.';

type Modal =
  | { kind: 'add' }
  | { kind: 'edit'; customer: Customer }
  | { kind: 'merge'; customers: Customer[] }
  | { kind: 'import' }
  | { kind: 'options' }
  | { kind: 'entry'; customer: Customer };

/** The Customers screen. */
export function CustomersPage() {
  const role = useStoredValue('role');
  const isAdmin = role === ADMIN_ROLE;
  const isPhone = useIsPhone();
  const toast = useToast();
  const { confirm, dialog: confirmDialog } = useConfirm();

  const [params, setParams] = useState<CustomerListParams>(DEFAULT_PARAMS);
  const [search, setSearch] = useState('');
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [view, setView] = useListView();
  // Closed at first: the list is what most visits are for.
  const [quickAddOpen, setQuickAddOpen] = useState(false);
  const [modal, setModal] = useState<Modal | null>(null);

  const list = useCustomers(params);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total;
  const totalText =
    total === undefined
      ? list.isError
        ? 'Count unavailable'
        : 'Loading…'
      : `${list.data?.pages[0]?.totalIsEstimate ? 'up to ' : ''}${total} ${total === 1 ? 'customer' : 'customers'}`;
  const selection = useListSelection(items);
  const exportCsv = useExportCustomers();
  const remove = useDeleteCustomer();

  const [storedCategories] = useOptionList('categories');
  const [potentialOptions] = useOptionList('potential');
  const categoryOptions = useMemo(
    () =>
      withFound(
        storedCategories,
        items.flatMap((c) => c.categories ?? []),
      ),
    [storedCategories, items],
  );

  useEffect(() => {
    const timer = searchTimer;
    return () => clearTimeout(timer.current);
  }, []);

  function changeParams(change: Partial<CustomerListParams>) {
    setParams((current) => ({ ...current, ...change }));
    selection.clear();
  }

  function onSearch(text: string) {
    setSearch(text);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => changeParams({ q: text }), SEARCH_DEBOUNCE_MS);
  }

  function reset() {
    clearTimeout(searchTimer.current);
    setSearch('');
    setParams(DEFAULT_PARAMS);
    selection.clear();
  }

  function onSort(sort: CustomerSort) {
    changeParams(toggleSort(params, sort));
  }

  function onExport() {
    if (exportCsv.isPending) return;
    exportCsv.mutate(params, {
      onSuccess: () => toast.show('CSV exported', 'success'),
      onError: (error) => toast.show(errorMessage(error, 'Export failed'), 'danger'),
    });
  }

  async function onDelete(customer: Customer) {
    if (!isAdmin) {
      toast.show(ONLY_ADMIN_DELETES, 'danger');
      return;
    }
    const ok = await confirm(`Delete ${customerLabel(customer)}?`, {
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(customer._id, {
      onSuccess: () => {
        selection.toggle(customer._id, false);
        toast.show('Customer deleted', 'success');
      },
      onError: (error) => toast.show(errorMessage(error, 'Delete failed'), 'danger'),
    });
  }

  const actions: RowActionHandlers = {
    onAddEntry: (customer) => setModal({ kind: 'entry', customer }),
    onEdit: (customer) => setModal({ kind: 'edit', customer }),
    onDelete: isAdmin ? (customer) => void onDelete(customer) : undefined,
  };
  const loadMore = {
    hasMore: Boolean(list.hasNextPage),
    loading: list.isFetchingNextPage,
    load: () => void list.fetchNextPage(),
  };
  const openMerge = () => setModal({ kind: 'merge', customers: selection.customers });
  // Beside Add Customer on wide screens; in the More menu on phones.
  const secondary: HeaderItem[] = [
    { label: 'Import CSV', onSelect: () => setModal({ kind: 'import' }) },
    {
      label: exportCsv.isPending ? 'Exporting…' : 'Export CSV',
      busy: exportCsv.isPending,
      onSelect: onExport,
    },
    {
      label: 'Refresh',
      busy: list.isFetching && !list.isFetchingNextPage,
      onSelect: () => {
        if (!list.isFetching) void list.refetch();
      },
    },
    { label: 'Reset', onSelect: reset },
    { label: 'Manage options', onSelect: () => setModal({ kind: 'options' }) },
  ];
  const formModal = modal?.kind === 'add' || modal?.kind === 'edit' ? modal : null;

  return (
    <div className="customers-page">
      <PageHeader title="Customers">
        <button type="button" className="btn" onClick={() => setModal({ kind: 'add' })}>
          Add Customer
        </button>
        {isPhone ? (
          <ActionMenu label="More" items={secondary} className="btn btn--outline">
            <MoreHorizontal aria-hidden="true" size={18} /> More
          </ActionMenu>
        ) : (
          <HeaderButtons items={secondary} />
        )}
      </PageHeader>

      <p className="customers-page__meta">
        <span className="ui-badge">
          <span className="visually-hidden">Your role: </span>
          {role || 'unknown'}
        </span>
        <span className="ui-badge ui-badge--gray" aria-live="polite">
          {totalText}
        </span>
      </p>

      <QuickAddPanel
        open={quickAddOpen}
        onToggle={setQuickAddOpen}
        categoryOptions={categoryOptions}
        potentialOptions={potentialOptions}
        onOpenExisting={(customer) => setModal({ kind: 'edit', customer })}
      />

      <CustomersFilters
        search={search}
        onSearch={onSearch}
        params={params}
        onChange={changeParams}
        categoryOptions={categoryOptions}
        potentialOptions={potentialOptions}
        view={view}
        onView={setView}
      />

      <SelectionBar
        floating={isPhone}
        selection={selection}
        showSelectAll={view === 'cards'}
        loaded={items.length}
        total={total}
        onMerge={openMerge}
      />

      {list.isPending ? (
        <p className="ui-empty" role="status">
          Loading customers…
        </p>
      ) : list.isError && items.length === 0 ? (
        <RetryAlert
          error={list.error}
          fallback={'Failed to load customers'}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <div className="ui-empty">
          <p className="ui-empty__title">No customers</p>
          <p className="ui-empty__text">
            {hasFilters(params)
              ? 'Nothing matches these filters. Try Reset.'
              : 'Add one with Add Customer, Quick Add or Import CSV.'}
          </p>
        </div>
      ) : (
        <div aria-busy={list.isFetching}>
          {list.isError && (
            <p className="ui-alert" role="alert">
              {errorMessage(list.error, 'Failed to load customers')}
            </p>
          )}
          {view === 'table' ? (
            <CustomersTable
              items={items}
              params={params}
              onSort={onSort}
              selection={selection}
              actions={actions}
              loadMore={loadMore}
            />
          ) : (
            <CustomersCards
              items={items}
              selection={selection}
              actions={actions}
              loadMore={loadMore}
            />
          )}
          <div className="customers-page__more">
            <span className="ui-muted">
              Showing {items.length}
              {total !== undefined ? ` of ${total}` : ''}
            </span>
            {list.hasNextPage && (
              <button
                type="button"
                className="btn btn--outline btn--small"
                aria-disabled={list.isFetchingNextPage || undefined}
                onClick={() => {
                  if (!list.isFetchingNextPage) void list.fetchNextPage();
                }}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            )}
          </div>
        </div>
      )}

      {isPhone && (
        <button
          type="button"
          className="customers-fab"
          aria-label="New customer"
          onClick={() => setModal({ kind: 'add' })}
        >
          <span aria-hidden="true">+</span>
        </button>
      )}

      <CustomerFormDialog
        open={formModal !== null}
        customer={formModal?.kind === 'edit' ? formModal.customer : undefined}
        categoryOptions={categoryOptions}
        potentialOptions={potentialOptions}
        onClose={() => setModal(null)}
        onOpenExisting={(customer) => setModal({ kind: 'edit', customer })}
        onMergeWith={(customers) => setModal({ kind: 'merge', customers })}
      />
      <MergeDialog
        open={modal?.kind === 'merge'}
        customers={modal?.kind === 'merge' ? modal.customers : []}
        onClose={() => setModal(null)}
        onMerged={() => {
          selection.clear();
          setModal(null);
        }}
      />
      <ImportDialog open={modal?.kind === 'import'} onClose={() => setModal(null)} />
      <OptionManagerDialog open={modal?.kind === 'options'} onClose={() => setModal(null)} />
      <AddEntryDialog
        customer={modal?.kind === 'entry' ? modal.customer : null}
        onClose={() => setModal(null)}
      />
      {confirmDialog}
    </div>
  );
}
