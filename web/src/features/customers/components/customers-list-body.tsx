import { errorMessage } from '../../../lib/api-client';
import { RetryAlert } from '../../../lib/retry-alert';
import type { ListView } from '../../../lib/view-toggle';
import { hasFilters } from '../model/list-params';
import { CustomersCards } from './customers-cards';
import { CustomersTable } from './customers-table';
import type { RowActionHandlers } from './row-actions';
import type { useCustomerList } from './use-customer-list';

/** The list in each of its states: loading, failed, empty, or the rows with Load more. */
export function CustomersListBody({
  customers,
  view,
  actions,
}: {
  customers: ReturnType<typeof useCustomerList>;
  view: ListView;
  actions: RowActionHandlers;
}) {
  const { list, items, total, params, selection, loadMore } = customers;
  if (list.isPending)
    return (
      <p className="ui-empty" role="status">
        Loading customers…
      </p>
    );
  if (list.isError && items.length === 0)
    return (
      <RetryAlert
        error={list.error}
        fallback={'Failed to load customers'}
        onRetry={() => void list.refetch()}
      />
    );
  if (items.length === 0)
    return (
      <div className="ui-empty">
        <p className="ui-empty__title">No customers</p>
        <p className="ui-empty__text">
          {hasFilters(params)
            ? 'Nothing matches these filters. Try Reset.'
            : 'Add one with Add Customer, Quick Add or Import CSV.'}
        </p>
      </div>
    );
  return (
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
          onSort={customers.onSort}
          selection={selection}
          actions={actions}
          loadMore={loadMore}
        />
      ) : (
        <CustomersCards items={items} selection={selection} actions={actions} loadMore={loadMore} />
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
  );
}
