import { useEffect, useRef, useState } from 'react';
import type { EntryListParams } from '../../../resources/entries';
import { EMPTY_FILTERS, FILTER_DEBOUNCE_MS } from '../model/constants';
import { isDebounced } from '../model/list-params';

/**
 * The Entries filters: `typed` follows the inputs; `params` (the query) follows it, after a
 * pause in typing for the text fields, at once for the others.
 */
export function useEntryFilters() {
  const [typed, setTyped] = useState<EntryListParams>(EMPTY_FILTERS);
  const [params, setParams] = useState<EntryListParams>(EMPTY_FILTERS);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const pending = timer;
    return () => clearTimeout(pending.current);
  }, []);

  function onFilter(change: Partial<EntryListParams>) {
    const next = { ...typed, ...change };
    setTyped(next);
    clearTimeout(timer.current);
    const typing = (Object.keys(change) as (keyof EntryListParams)[]).every(isDebounced);
    if (typing) timer.current = setTimeout(() => setParams(next), FILTER_DEBOUNCE_MS);
    else setParams(next);
  }

  return { typed, params, onFilter };
}
