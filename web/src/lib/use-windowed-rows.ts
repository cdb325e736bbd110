import { useCallback, useState, useSyncExternalStore } from 'react';

export type WindowedRows = {
  /** Put on the element whose top edge is the first row's top edge. */
  setContainer: (element: HTMLElement | null) => void;
  /** First item to render (inclusive) and last (exclusive). */
  start: number;
  end: number;
  /** Items per row (1 for a table). */
  perRow: number;
  /** Space to leave above and below the rendered rows, in px. */
  padTop: number;
  padBottom: number;
};

/** Where layout reports no viewport height (tests). */
const FALLBACK_VIEWPORT_PX = 800;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true, capture: true });
  window.addEventListener('resize', onChange);
  // Content above the list can grow or shrink without any scrolling.
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(onChange) : null;
  observer?.observe(document.body);
  return () => {
    window.removeEventListener('scroll', onChange, { capture: true });
    window.removeEventListener('resize', onChange);
    observer?.disconnect();
  };
}

const ONE_PER_ROW = () => 1;

/**
 * A window-scrolled virtual list of fixed-height rows (of one or more items): only the rows in or
 * near the viewport are rendered, so thousands of items scroll smoothly. Written here because
 * @tanstack/react-virtual is not among the dependencies.
 */
export function useWindowedRows({
  count,
  rowHeight,
  perRow: perRowOf = ONE_PER_ROW,
  overscan = 6,
}: {
  /** Number of items. */
  count: number;
  rowHeight: number;
  /** Items per row for the list's width in px (card grids). */
  perRow?: (width: number) => number;
  overscan?: number;
}): WindowedRows {
  const [element, setElement] = useState<HTMLElement | null>(null);

  const snapshot = useCallback(() => {
    const rect = element?.getBoundingClientRect();
    const top = rect?.top ?? 0;
    const perRow = Math.max(1, perRowOf(rect?.width ?? 0));
    const rowCount = Math.ceil(count / perRow);
    const viewport = window.innerHeight || FALLBACK_VIEWPORT_PX;
    const first = Math.min(rowCount, Math.max(0, Math.floor(-top / rowHeight) - overscan));
    const last = Math.max(
      first,
      Math.min(rowCount, Math.ceil((viewport - top) / rowHeight) + overscan),
    );
    return `${first}:${last}:${perRow}:${rowCount}`;
  }, [element, count, rowHeight, perRowOf, overscan]);

  const [first, last, perRow, rowCount] = useSyncExternalStore(subscribe, snapshot)
    .split(':')
    .map(Number);
  return {
    setContainer: setElement,
    start: first * perRow,
    end: Math.min(count, last * perRow),
    perRow,
    padTop: first * rowHeight,
    padBottom: (rowCount - last) * rowHeight,
  };
}
