import { useEffect, useMemo, useRef, useState } from 'react';
import { useCustomers } from '../api/get-customers';
import type { CustomerListParams, CustomerSort } from '../api/types';
import { SEARCH_DEBOUNCE_MS } from '../model/constants';
import { DEFAULT_PARAMS, toggleSort } from '../model/list-params';
import { useListSelection } from './selection';

/**
 * The Customers list's state: its filters and sort, the search box (sent after a pause in
 * typing), the pages loaded so far, the count shown beside the title, and the row selection,
 * which belongs to one list: any change of what is listed clears it.
 */
export function useCustomerList() {
  const [params, setParams] = useState<CustomerListParams>(DEFAULT_PARAMS);
  const [search, setSearch] = useState('');
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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
    search,
    changeParams,
    onSearch,
    reset,
    onSort,
    loadMore,
  };
}
