import type { QueryClient } from '@tanstack/react-query';

/** Every dashboard figure's query key starts with this (the cards, charts and lists). */
const DASHBOARD_KEY_PREFIX = 'dashboard-';

/**
 * Refetches every dashboard figure: a streamed notification means something changed (a new
 * entry, an approval), and the server's counters already hold it, so the cards move at once.
 */
export function invalidateDashboard(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [resource] = query.queryKey;
      return typeof resource === 'string' && resource.startsWith(DASHBOARD_KEY_PREFIX);
    },
  });
}
