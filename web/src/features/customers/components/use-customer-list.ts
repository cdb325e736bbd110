import { useEffect, useMemo, useRef, useState } from 'react';
import { useCustomers } from '../api/get-customers';
import type { CustomerListParams, CustomerSort } from '../api/types';
import { SEARCH_DEBOUNCE_MS } from '../model/constants';
import { DEFAULT_PARAMS, toggleSort } from '../model/list-params';
import { useListSelection } from './selection';

type TypedFilter = 'q' | 'tag';

/**
 * The Customers list's state: its filters and sort, the search box (sent after a pause in
 * typing), the pages loaded so far, the count shown beside the title, and the row selection,
 * which belongs to one list: any change of what is listed clears it.
 */
export function useCustomerList() {
  const [params, setParams] = useState<CustomerListParams>(DEFAULT_PARAMS);
  // The typed filters (the search box, the entry tag) as typed; sent after a pause in typing.
  const [typed, setTyped] = useState<Record<TypedFilter, string>>({ q: '', tag: '' });
  const timers = useRef<Partial<Record<TypedFilter, ReturnType<typeof setTimeout>>>>({});

  const list = useCustomers(params);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const selection = useListSelection(items);
  const total = list.data?.pages[0]?.total;
  const totalText =
    total === undefined
      ? list.isError
        ? 'Count unavailable'
        : 'Loading…'
      : `${list.data?.pages[0]?.totalIsEstimate ? 'up to ' : ''}${total} ${total === 1 ? 'customer' : 'customers'}`;

  useEffect(() => {
    const pending = timers.current;
    return () => Object.values(pending).forEach(clearTimeout);
  }, []);

  function changeParams(change: Partial<CustomerListParams>) {
    setParams((current) => ({ ...current, ...change }));
    selection.clear();
  }

  function onType(field: TypedFilter, text: string) {
    setTyped((current) => ({ ...current, [field]: text }));
    clearTimeout(timers.current[field]);
    timers.current[field] = setTimeout(
      () => changeParams({ [field]: text.trim() }),
      SEARCH_DEBOUNCE_MS,
    );
  }

  /** Sets these filters (a saved search), the typed ones as typed, keeping the order. */
  function applyFilters(filters: Omit<CustomerListParams, 'sort' | 'dir'>) {
    Object.values(timers.current).forEach(clearTimeout);
    setTyped({ q: filters.q, tag: filters.tag });
    changeParams(filters);
  }

  function reset() {
    Object.values(timers.current).forEach(clearTimeout);
    setTyped({ q: '', tag: '' });
    setParams(DEFAULT_PARAMS);
    selection.clear();
  }

  const onSort = (sort: CustomerSort) => changeParams(toggleSort(params, sort));

  const loadMore = {
    hasMore: Boolean(list.hasNextPage),
    loading: list.isFetchingNextPage,
    load: () => void list.fetchNextPage(),
  };

  return {
    list,
    items,
    selection,
    total,
    totalText,
    params,
    search: typed.q,
    onSearch: (text: string) => onType('q', text),
    tag: typed.tag,
    onTag: (text: string) => onType('tag', text),
    changeParams,
    applyFilters,
    reset,
    onSort,
    loadMore,
  };
}
