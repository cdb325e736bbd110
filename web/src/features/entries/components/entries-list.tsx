import { useCallback } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { RetryAlert } from '../../../lib/retry-alert';
import type { ListView } from '../../../lib/view-toggle';
import { type Entry, type EntryPage, LOAD_ENTRIES_FAILED } from '../../../resources/entries';
import { NO_ENTRIES } from '../model/constants';
import { EntriesCards } from './entries-cards';
import { EntriesTable } from './entries-table';
import type { EntryActionHandlers } from './entry-actions';
import { useLoadWhenVisible } from './use-load-when-visible';

/**
 * The entries as cards or a table, every state of the list (loading, failed, empty, a failed
 * refresh over the rows shown) and the next page, loaded when its row scrolls into view.
 */
export function EntriesList({
  list,
  items,
  filtered,
  view,
  actions,
}: {
  list: UseInfiniteQueryResult<InfiniteData<EntryPage>>;
  items: Entry[];
  /** Whether any filter is set (the empty list says nothing matches). */
  filtered: boolean;
  view: ListView;
  actions: EntryActionHandlers;
}) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  const moreRef = useLoadWhenVisible(hasNextPage && !isFetchingNextPage, loadMore);
  const first = list.data?.pages[0];
  const estimate = first?.totalIsEstimate ? 'up to ' : '';

  if (list.isPending)
    return (
      <p className="ui-empty" role="status">
        Loading entries…
      </p>
    );
  if (list.isError && items.length === 0)
    return (
      <RetryAlert
        error={list.error}
        fallback={LOAD_ENTRIES_FAILED}
        onRetry={() => void list.refetch()}
      />
    );
  if (items.length === 0)
    return (
      <div className="ui-empty">
        <p className="ui-empty__title">{NO_ENTRIES}</p>
        {filtered && <p className="ui-empty__text">Nothing matches these filters.</p>}
      </div>
    );
  return (
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
  );
}
