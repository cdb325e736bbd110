import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { PendingAction } from './use-pending-actions';

// A page of pending rows: a table on desktop, cards on phones, each with its checkbox and its
// Approve / Reject buttons, and a checkbox for the whole page.

/**
 * A column of the table (a card's field on phones). `width` (CSS) fixes its width in the table;
 * a table whose columns give widths lays out fixed, the column without one taking the room left,
 * so it never runs wider than its box.
 */
export type PendingColumn<T> = { header: string; cell: (row: T) => ReactNode; width?: string };

/** What a page view shows and what its controls call. */
export type ViewProps<T extends { _id: string }> = {
  columns: readonly PendingColumn<T>[];
  /** Names a row for its checkbox, buttons and card title. */
  rowLabel: (row: T) => string;
  /** The mobile card badge: 'User', 'Entry'. */
  badge: string;
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

export function PendingTable<T extends { _id: string }>(props: ViewProps<T>) {
  const { rows, columns, rowLabel, selected, select, act } = props;
  const fixed = columns.some((column) => column.width);
  return (
    <div className="ui-table-wrap">
      <table
        className={fixed ? 'ui-table pending-table pending-table--fixed' : 'ui-table pending-table'}
      >
        {fixed && (
          <colgroup>
            <col className="pending-table__check" />
            {columns.map((column) => (
              <col key={column.header} style={column.width ? { width: column.width } : undefined} />
            ))}
            <col className="pending-table__actions" />
          </colgroup>
        )}
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

export function PendingCards<T extends { _id: string }>(props: ViewProps<T>) {
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
