import { useEffect } from 'react';

export type LoadMore = {
  hasMore: boolean;
  loading: boolean;
  load: () => void;
};

/** Rows left below the window when the next page is asked for. */
const AHEAD = 20;

/** Infinite list: asks for the next page once the rendered window nears the loaded end. */
export function useLoadMoreNearEnd(
  end: number,
  count: number,
  { hasMore, loading, load }: LoadMore,
) {
  useEffect(() => {
    if (hasMore && !loading && count > 0 && end >= count - AHEAD) load();
  }, [end, count, hasMore, loading, load]);
}
