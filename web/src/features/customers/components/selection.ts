import { useCallback, useMemo, useState } from 'react';
import type { Customer } from '../api/types';

export type ListSelection = {
  has: (id: string) => boolean;
  toggle: (id: string, checked: boolean) => void;
  toggleAll: (checked: boolean) => void;
  /** Every loaded customer is selected (and there is at least one). */
  all: boolean;
  some: boolean;
  /** The selected customers among those loaded, in list order. */
  customers: Customer[];
  clear: () => void;
};

/** Row selection over the loaded customers; ids no longer listed simply stop counting. */
export function useListSelection(items: readonly Customer[]): ListSelection {
  const [ids, setIds] = useState<ReadonlySet<string>>(() => new Set());

  const customers = useMemo(() => items.filter((c) => ids.has(c._id)), [items, ids]);
  const toggle = useCallback((id: string, checked: boolean) => {
    setIds((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const toggleAll = useCallback(
    (checked: boolean) => setIds(checked ? new Set(items.map((c) => c._id)) : new Set()),
    [items],
  );
  const clear = useCallback(() => setIds(new Set()), []);

  return {
    has: (id) => ids.has(id),
    toggle,
    toggleAll,
    all: items.length > 0 && customers.length === items.length,
    some: customers.length > 0,
    customers,
    clear,
  };
}
