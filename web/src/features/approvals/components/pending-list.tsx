import { useQuery } from '@tanstack/react-query';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useConfirm } from '../../../lib/confirm-dialog';
import { useIsPhone } from '../../../lib/use-media-query';
import { Pagination } from './pagination';
import { rowMatches } from './row-search';
import { usePendingActions } from './use-pending-actions';
import type { PendingAction, PendingHandlers } from './use-pending-actions';

/** Approvals page size. */
export const PAGE_SIZE = 10;

export type PendingColumn<T> = { header: string; cell: (row: T) => ReactNode };

/** What one tab of the Approvals page plugs into the list. */
export type PendingListProps<T extends { _id: string }, K extends QueryKey> = {
  /** 'Pending Employees' */
  title: string;
  /** ['employee', 'employees'] for 'Approve 2 employees?' */
  noun: readonly [one: string, many: string];
  /** The mobile card badge: 'User', 'Entry'. */
  badge: string;
  searchPlaceholder: string;
  columns: readonly PendingColumn<T>[];
  /** Names a row for its checkbox, buttons and card title. */
  rowLabel: (row: T) => string;
  empty: { title: string; text: string };
  query: UseQueryOptions<T[], Error, T[], K> & { queryKey: K };
  handlers: PendingHandlers<T>;
};

const NO_IDS: ReadonlySet<string> = new Set();

function loadError(error: Error): string {
  if (error instanceof ApiError && error.status === 403) return 'Access denied (admin only).';
  return error.message || 'Failed to load';
}

/**
 * A pending list: title, 'N total', search, Refresh, bulk bar with confirm,
 * optimistic approve / reject, pages of 10, a table on desktop and cards on phones.
 */
export function PendingList<T extends { _id: string }, K extends QueryKey>(
  props: PendingListProps<T, K>,
) {
  const { title, noun, searchPlaceholder, empty, query, handlers } = props;
  const list = useQuery(query);
  const actions = usePendingActions<T>(query.queryKey, handlers);
  const { confirm, dialog } = useConfirm();
  const isPhone = useIsPhone();
  const searchId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);

  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // The selection belongs to one load of the list: a reload or an action clears it.
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

  function clearSelection() {
    setSelection({ at: -1, ids: NO_IDS });
  }

  function act(action: PendingAction, targets: readonly T[]) {
    clearSelection();
    void actions.run(action, targets);
  }

  function actOnRow(action: PendingAction, row: T) {
    act(action, [row]);
    // The row and its focused button go away: keep keyboard focus in the list.
    titleRef.current?.focus();
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

  let body: ReactNode;
  if (list.isPending) {
    body = <p role="status">Loading…</p>;
  } else if (list.isError) {
    body = (
      <p className="ui-alert" role="alert">
        {loadError(list.error)}
      </p>
    );
  } else if (rows.length === 0) {
    body = <EmptyState {...empty} />;
  } else if (filtered.length === 0) {
    body = <EmptyState title="No matches" text="Try a different search term." />;
  } else {
    const view = { ...props, rows: pageRows, selected, select, act: actOnRow };
    body = (
      <>
        {isPhone ? <PendingCards {...view} /> : <PendingTable {...view} />}
        <Pagination
          label={`${title} pages`}
          page={currentPage}
          pageCount={pageCount}
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <section className="pending" aria-labelledby={`${searchId}-title`}>
      <div className="pending__head">
        <h2 ref={titleRef} id={`${searchId}-title`} className="pending__title" tabIndex={-1}>
          {title}
        </h2>
        <span className="ui-badge">{rows.length} total</span>
      </div>

      <div className="pending__toolbar">
        <label className="visually-hidden" htmlFor={searchId}>
          Search {title.toLowerCase()}
        </label>
        <input
          id={searchId}
          className="ui-input pending__search"
          type="search"
          placeholder={searchPlaceholder}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <button type="button" className="btn btn--outline" onClick={refresh}>
          Refresh
        </button>
      </div>

      <div className="pending__bulk" role="group" aria-label="Bulk actions">
        <span>{selectedRows.length} selected</span>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => void actOnSelected('approve')}
        >
          Approve selected
        </button>
        <button
          type="button"
          className="btn btn--danger-outline btn--small"
          onClick={() => void actOnSelected('reject')}
        >
          Reject selected
        </button>
      </div>

      {actions.failure && (
        <div className="ui-alert" role="alert">
          <span>{actions.failure}</span>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss message"
            onClick={actions.dismissFailure}
          >
            ×
          </button>
        </div>
      )}

      {body}
      {dialog}
    </section>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="ui-empty">
      <p className="ui-empty__title">{title}</p>
      <p className="ui-empty__text">{text}</p>
    </div>
  );
}

type ViewProps<T extends { _id: string }> = Pick<
  PendingListProps<T, QueryKey>,
  'columns' | 'rowLabel' | 'badge'
> & {
  rows: readonly T[];
  selected: ReadonlySet<string>;
  select: (ids: string[], on: boolean) => void;
  act: (action: PendingAction, row: T) => void;
};

function SelectPage<T extends { _id: string }>({
  rows,
  selected,
  select,
}: Pick<ViewProps<T>, 'rows' | 'selected' | 'select'>) {
  const ref = useRef<HTMLInputElement>(null);
  const ids = rows.map((row) => row._id);
  const count = ids.filter((id) => selected.has(id)).length;
  const all = count > 0 && count === ids.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="ui-checkbox"
      aria-label="Select all on this page"
      checked={all}
      onChange={() => select(ids, !all)}
    />
  );
}

function RowActions<T extends { _id: string }>({
  row,
  label,
  act,
}: {
  row: T;
  label: string;
  act: ViewProps<T>['act'];
}) {
  return (
    <div className="ui-actions">
      <button
        type="button"
        className="btn btn--small"
        aria-label={`Approve ${label}`}
        onClick={() => act('approve', row)}
      >
        Approve
      </button>
      <button
        type="button"
        className="btn btn--danger-outline btn--small"
        aria-label={`Reject ${label}`}
        onClick={() => act('reject', row)}
      >
        Reject
      </button>
    </div>
  );
}

function PendingTable<T extends { _id: string }>(props: ViewProps<T>) {
  const { rows, columns, rowLabel, selected, select, act } = props;
  return (
    <div className="ui-table-wrap">
      <table className="ui-table">
        <thead>
          <tr>
            <th className="ui-table__check">
              <SelectPage rows={rows} selected={selected} select={select} />
            </th>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const label = rowLabel(row);
            return (
              <tr key={row._id}>
                <td>
                  <input
                    type="checkbox"
                    className="ui-checkbox"
                    aria-label={`Select ${label}`}
                    checked={selected.has(row._id)}
                    onChange={(event) => select([row._id], event.target.checked)}
                  />
                </td>
                {columns.map((column) => (
                  <td key={column.header}>{column.cell(row)}</td>
                ))}
                <td>
                  <RowActions row={row} label={label} act={act} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function PendingCards<T extends { _id: string }>(props: ViewProps<T>) {
  const { rows, columns, rowLabel, badge, selected, select, act } = props;
  return (
    <>
      <label className="pending__select-page">
        <SelectPage rows={rows} selected={selected} select={select} />
        <span>Select all on this page</span>
      </label>
      <ul className="ui-cards">
        {rows.map((row) => {
          const label = rowLabel(row);
          return (
            <li key={row._id} className="ui-card">
              <div className="ui-card__head">
                <input
                  type="checkbox"
                  className="ui-checkbox"
                  aria-label={`Select ${label}`}
                  checked={selected.has(row._id)}
                  onChange={(event) => select([row._id], event.target.checked)}
                />
                <span className="ui-card__title">{label}</span>
                <span className="ui-badge">{badge}</span>
              </div>
              <dl className="pending__fields">
                {/* The first column names the row: it is the card's title. */}
                {columns.slice(1).map((column) => (
                  <div key={column.header} className="pending__field">
                    <dt>{column.header}</dt>
                    <dd>{column.cell(row)}</dd>
                  </div>
                ))}
              </dl>
              <RowActions row={row} label={label} act={act} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
