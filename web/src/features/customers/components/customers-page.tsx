import { useId, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../lib/confirm-dialog';
import { ADMIN_ROLE } from '../../../lib/roles';
import { useCan } from '../../../lib/can';
import { useStoredValue } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { useIsPhone } from '../../../lib/use-media-query';
import { useListView, ViewToggle } from '../../../lib/view-toggle';
import { useOwnerOptions } from '../../../resources/customers/owner-options';
import { useDeleteCustomer } from '../api/delete-customer';
import { useExportCustomers } from '../api/export-customers';
import type { Customer } from '../api/types';
import { customerLabel } from '../model/customer-label';
import { useOptionList, withFound } from '../model/option-lists';
import '../../../lib/ui.css';
import '../customers.css';
import { CustomersDialogs, type CustomersModal } from './customers-dialogs';
import { CustomersFilters } from './customers-filters';
import { CustomersHeader, type HeaderItem } from './customers-header';
import { CustomersListBody } from './customers-list-body';
import { QuickAddPanel } from './quick-add-panel';
import { SavedSearches } from './saved-searches';
import type { RowActionHandlers } from './row-actions';
import { SelectAll, SelectionBar } from './selection-bar';
import { useCustomerList } from './use-customer-list';

export const ONLY_ADMIN_DELETES = 'Only admin can delete customers.';

/**
 * The Customers screen: the header (title, role, count and one row of actions), Quick Add when
 * asked for, the filter bar, the list and its dialogs.
 */
export function CustomersPage() {
  const role = useStoredValue('role');
  const isAdmin = role === ADMIN_ROLE;
  const isPhone = useIsPhone();
  const toast = useToast();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [view, setView] = useListView();
  // Closed at first: the list is what most visits are for.
  const [quickAddOpen, setQuickAddOpen] = useState(false);
  const quickAddId = useId();
  const [modal, setModal] = useState<CustomersModal | null>(null);

  const customers = useCustomerList();
  const { list, items, selection, params } = customers;
  const exportCsv = useExportCustomers();
  const remove = useDeleteCustomer();
  // The screen offers what the role's permissions allow (the server refuses the rest anyway).
  const canWrite = useCan('customers.write');
  const canExport = useCan('customers.export');
  const canAddEntry = useCan('entries.write');

  const [storedCategories] = useOptionList('categories');
  const [potentialOptions] = useOptionList('potential');
  const ownerOptions = useOwnerOptions({ everyone: isAdmin, withMine: true });
  const categoryOptions = useMemo(
    () =>
      withFound(
        storedCategories,
        items.flatMap((c) => c.categories ?? []),
      ),
    [storedCategories, items],
  );

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
    onAddEntry: canAddEntry ? (customer) => setModal({ kind: 'entry', customer }) : undefined,
    onEdit: canWrite ? (customer) => setModal({ kind: 'edit', customer }) : undefined,
    onDelete: isAdmin ? (customer) => void onDelete(customer) : undefined,
  };
  const refresh: HeaderItem = {
    label: 'Refresh',
    busy: list.isFetching && !list.isFetchingNextPage,
    onSelect: () => {
      if (!list.isFetching) void list.refetch();
    },
  };
  const reset: HeaderItem = { label: 'Reset', onSelect: customers.reset };
  // The More menu: on phones everything but Add Customer (the round button); on wide screens
  // Reset and Refresh sit on the filter bar instead.
  const menu: HeaderItem[] = [
    ...(isPhone && canWrite ? [{ label: 'Quick Add', onSelect: () => setQuickAddOpen(true) }] : []),
    ...(canWrite ? [{ label: 'Import CSV', onSelect: () => setModal({ kind: 'import' }) }] : []),
    ...(canExport
      ? [
          {
            label: exportCsv.isPending ? 'Exporting…' : 'Export CSV',
            busy: exportCsv.isPending,
            onSelect: onExport,
          },
        ]
      : []),
    ...(isPhone ? [refresh, reset] : []),
    { label: 'Manage options', onSelect: () => setModal({ kind: 'options' }) },
  ];

  return (
    <div className="customers-page">
      <CustomersHeader
        isPhone={isPhone}
        meta={
          <div className="customers-page__meta">
            <span className="ui-badge">
              <span className="visually-hidden">Your role: </span>
              {role || 'unknown'}
            </span>
            <span className="ui-badge ui-badge--gray" aria-live="polite">
              {customers.totalText}
            </span>
            {/* The table has its own select-all checkbox in its head. */}
            {view === 'cards' && (
              <SelectAll selection={selection} loaded={items.length} total={customers.total} />
            )}
          </div>
        }
        menu={menu}
        view={
          isPhone && <ViewToggle view={view} onView={setView} className="customers-filters__view" />
        }
        quickAdd={{
          open: quickAddOpen,
          panelId: quickAddId,
          onToggle: () => setQuickAddOpen((was) => !was),
        }}
        onAdd={canWrite ? () => setModal({ kind: 'add' }) : undefined}
      />

      {canWrite && (
        <QuickAddPanel
          id={quickAddId}
          open={quickAddOpen}
          onClose={() => setQuickAddOpen(false)}
          categoryOptions={categoryOptions}
          potentialOptions={potentialOptions}
          onOpenExisting={(customer) => setModal({ kind: 'edit', customer })}
        />
      )}

      <CustomersFilters
        search={customers.search}
        onSearch={customers.onSearch}
        tag={customers.tag}
        onTag={customers.onTag}
        params={params}
        onChange={customers.changeParams}
        categoryOptions={categoryOptions}
        potentialOptions={potentialOptions}
        ownerOptions={ownerOptions}
        saved={<SavedSearches params={params} onApply={customers.applyFilters} />}
        view={isPhone ? undefined : view}
        onView={setView}
        tools={
          !isPhone &&
          [reset, refresh].map((item) => (
            <button
              key={item.label}
              type="button"
              className="btn btn--outline"
              aria-disabled={item.busy || undefined}
              onClick={item.onSelect}
            >
              {item.label}
            </button>
          ))
        }
      />

      <SelectionBar
        floating={isPhone}
        selection={selection}
        onMerge={
          canWrite ? () => setModal({ kind: 'merge', customers: selection.customers }) : undefined
        }
      />

      <CustomersListBody customers={customers} view={view} actions={actions} />

      {isPhone && canWrite && (
        <button
          type="button"
          className="customers-fab"
          aria-label="New customer"
          onClick={() => setModal({ kind: 'add' })}
        >
          <span aria-hidden="true">+</span>
        </button>
      )}

      <CustomersDialogs
        modal={modal}
        onModal={setModal}
        categoryOptions={categoryOptions}
        potentialOptions={potentialOptions}
        onMerged={selection.clear}
      />
      {confirmDialog}
    </div>
  );
}
