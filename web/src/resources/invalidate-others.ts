import { hashKey } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Invalidates every query under `resource` (a `queryKeys.<resource>.all`) except `keep`: the
 * pending list an approval came from is already right (the row was removed optimistically) and
 * must not be reloaded.
 */
export function invalidateOthers(queryClient: QueryClient, resource: QueryKey, keep: QueryKey) {
  const keepHash = hashKey(keep);
  return queryClient.invalidateQueries({
    queryKey: resource,
    predicate: (query) => query.queryHash !== keepHash,
  });
}
