import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../lib/format';
import { formatPhone } from '../../../lib/phone';
import { OptedOutBadge } from './opted-out-badge';
import { useWindowedRows } from '../../../lib/use-windowed-rows';
import { ownerName, type Customer, type CustomerListParams, type CustomerSort } from '../api/types';
import { customerLabel } from '../model/customer-label';
import { customerPath } from '../../../lib/app-paths';
import { SORT_LABELS, ariaSort } from '../model/list-params';
import { FirstValue } from './first-value';
import { PotentialBadge } from './potential-badge';
import { RowActions } from './row-actions';
import type { RowActionHandlers } from './row-actions';
import type { ListSelection } from './selection';
import { useLoadMoreNearEnd } from './use-load-more';
import type { LoadMore } from './use-load-more';

/** Every row has this height (CSS keeps to it), so the visible window can be computed. */
export const TABLE_ROW_PX = 52;
const COLUMNS = 8;

export function CustomersTable({
  items,
  params,
  onSort,
  selection,
  actions,
  loadMore,
}: {
  items: readonly Customer[];
  params: CustomerListParams;
  onSort: (sort: CustomerSort) => void;
  selection: ListSelection;
  actions: RowActionHandlers;
  loadMore: LoadMore;
}) {
  const { setContainer, start, end, padTop, padBottom } = useWindowedRows({
    count: items.length,
    rowHeight: TABLE_ROW_PX,
  });
  useLoadMoreNearEnd(end, items.length, loadMore);
  const navigate = useNavigate();

  const header = (sort: CustomerSort) => {
    const state = ariaSort(params, sort);
    const SortIcon =
      state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
    return (
      <th scope="col" aria-sort={state === 'none' ? undefined : state}>
        <button type="button" className="sort-button" onClick={() => onSort(sort)}>
          {SORT_LABELS[sort]}
          <SortIcon aria-hidden="true" size={14} className="sort-button__arrow" />
        </button>
      </th>
    );
  };

  return (
    <div className="ui-table-wrap customers-table-wrap">
      <table className="customers-table" aria-rowcount={items.length + 1}>
        <caption className="visually-hidden">
          Customers, sorted by {SORT_LABELS[params.sort]}{' '}
          {params.dir === 'asc' ? 'ascending' : 'descending'}
        </caption>
        <colgroup>
          <col className="customers-table__col-check" />
          <col className="customers-table__col-name" />
          <col className="customers-table__col-phone" />
          <col className="customers-table__col-email" />
          <col className="customers-table__col-categories" />
          <col className="customers-table__col-potential" />
          <col className="customers-table__col-created" />
          <col className="customers-table__col-actions" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">
              <input
                type="checkbox"
                className="ui-checkbox"
                aria-label="Select all customers"
                checked={selection.all}
                ref={(el) => {
                  if (el) el.indeterminate = selection.some && !selection.all;
                }}
                onChange={(event) => selection.toggleAll(event.target.checked)}
              />
            </th>
            {header('name')}
            {header('phone')}
            {header('email')}
            <th scope="col">Categories</th>
            {header('potential')}
            {header('createdAt')}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody ref={setContainer}>
          {padTop > 0 && (
            <tr aria-hidden="true" className="customers-table__spacer">
              <td colSpan={COLUMNS} style={{ height: padTop }} />
            </tr>
          )}
          {items.slice(start, end).map((customer, offset) => {
            const label = customerLabel(customer);
            return (
              <tr
                key={customer._id}
                aria-rowindex={start + offset + 2}
                className={selection.has(customer._id) ? 'is-selected' : undefined}
                // A focused row opens the customer's page on Enter, as its name link does.
                tabIndex={0}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && event.target === event.currentTarget)
                    navigate(customerPath(customer._id));
                }}
              >
                <td>
                  <input
                    type="checkbox"
                    className="ui-checkbox"
                    aria-label={`Select ${label}`}
                    checked={selection.has(customer._id)}
                    onChange={(event) => selection.toggle(customer._id, event.target.checked)}
                  />
                </td>
                <td>
                  <FirstValue
                    values={customer.names?.length ? customer.names : [label]}
                    to={customerPath(customer._id)}
                    wrap
                  />
                </td>
                <td>
                  <FirstValue values={customer.phones ?? []} href="tel:" show={formatPhone} />
                  <OptedOutBadge customer={customer} />
                </td>
                <td>
                  <FirstValue values={customer.emails ?? []} href="mailto:" wrap />
                </td>
                <td>
                  <FirstValue values={customer.categories ?? []} />
                  {/* The owner under the categories: a column of its own left the emails no room. */}
                  <span
                    className={
                      customer.owner ? 'customers-table__owner' : 'customers-table__owner ui-muted'
                    }
                  >
                    {ownerName(customer)}
                  </span>
                </td>
                <td>
                  <PotentialBadge potential={customer.potential ?? ''} />
                </td>
                <td>{formatDate(customer.createdAt)}</td>
                <td>
                  <RowActions customer={customer} {...actions} />
                </td>
              </tr>
            );
          })}
          {padBottom > 0 && (
            <tr aria-hidden="true" className="customers-table__spacer">
              <td colSpan={COLUMNS} style={{ height: padBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
