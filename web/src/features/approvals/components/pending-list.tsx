import { useQuery } from '@tanstack/react-query';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useConfirm } from '../../../lib/confirm-dialog';
import { useIsPhone } from '../../../lib/use-media-query';
import { Pagination } from './pagination';
import { PendingCards, PendingTable } from './pending-views';
import type { PendingColumn } from './pending-views';
import { usePendingList } from './use-pending-list';
import { usePendingActions } from './use-pending-actions';
import type { PendingAction, PendingHandlers } from './use-pending-actions';

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
  const actions = usePendingActions<T>(query.queryKey, handlers, noun);
  const { confirm, dialog } = useConfirm();
  const isPhone = useIsPhone();
  const searchId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);

  const state = usePendingList<T>(list, actions, noun, confirm);
  const { rows, filtered, pageRows, pageCount, currentPage, selected, selectedRows } = state;
  const actOnRow = (action: PendingAction, row: T) => {
    state.act(action, [row]);
    // The row and its focused button go away: keep keyboard focus in the list.
    titleRef.current?.focus();
  };

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
    const view = { ...props, rows: pageRows, selected, select: state.select, act: actOnRow };
    body = (
      <>
        {isPhone ? <PendingCards {...view} /> : <PendingTable {...view} />}
        <Pagination
          label={`${title} pages`}
          page={currentPage}
          pageCount={pageCount}
          onPage={state.setPage}
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
          value={state.search}
          onChange={(event) => state.searchFor(event.target.value)}
        />
        <button type="button" className="btn btn--outline" onClick={state.refresh}>
          Refresh
        </button>
      </div>

      {/* On a phone the bulk buttons say "Approve" and "Reject" (their names keep "selected"), so
          the count and both fit one line above the cards. */}
      <div className="pending__bulk" role="group" aria-label="Bulk actions">
        <span>{selectedRows.length} selected</span>
        <button
          type="button"
          className="btn btn--small"
          aria-label="Approve selected"
          onClick={() => void state.actOnSelected('approve')}
        >
          {isPhone ? 'Approve' : 'Approve selected'}
        </button>
        <button
          type="button"
          className="btn btn--danger-outline btn--small"
          aria-label="Reject selected"
          onClick={() => void state.actOnSelected('reject')}
        >
          {isPhone ? 'Reject' : 'Reject selected'}
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
