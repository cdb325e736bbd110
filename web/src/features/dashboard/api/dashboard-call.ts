// The dashboard's one call (GET /dashboard/all), as the page asks it and as the page's first
// script (app/boot/) asks it on a cold load: one definition, so the two are the same call.
import { buildUrl, type QueryParams } from '../../../lib/api-url';

export const DASHBOARD_PATH = '/dashboard/all';
/** The range of the entries chart and the days of follow-ups due the page shows. */
export const RANGE = '30d';
export const DUE_DAYS = 3;
export const DASHBOARD_FAILED = 'Failed to load dashboard';

/** `since`: see invalidate-dashboard.ts. */
export function dashboardQuery(since?: string): QueryParams {
  return { range: RANGE, days: DUE_DAYS, since };
}

/** The first load's address (no `since`). */
export const firstDashboardUrl = () => buildUrl(DASHBOARD_PATH, dashboardQuery());
