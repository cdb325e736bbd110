import type { QueryClient } from '@tanstack/react-query';

/** Every dashboard figure's query key starts with this (the cards, charts and lists). */
const DASHBOARD_KEY_PREFIX = 'dashboard-';

let lastChange: string | undefined;

/**
 * The time of the latest change the figures were refetched for (an ISO date), sent as `since`
 * by the calls served from the server's shared summary read, so that none is answered from a
 * read older than the change.
 */
export const lastDashboardChange = () => lastChange;

/**
 * Refetches every dashboard figure: a streamed notification means something changed at
 * `changedAt` (a new entry, an approval), and the server's counters already hold it, so the
 * cards move at once.
 */
export function invalidateDashboard(queryClient: QueryClient, changedAt?: string) {
  if (changedAt && (!lastChange || changedAt > lastChange)) lastChange = changedAt;
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [resource] = query.queryKey;
      return typeof resource === 'string' && resource.startsWith(DASHBOARD_KEY_PREFIX);
    },
  });
}
