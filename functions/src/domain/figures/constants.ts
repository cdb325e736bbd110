// Where the dashboard figures live, and how many of each list the dashboard shows.
import { PROCESSES } from '../../contract/entries';

/** The dashboard documents: `dashboard/summary` (counts, days, months, breakdowns) and
 * `dashboard/recent-activity` (recent activity, recent-activity.ts). */
export const DASHBOARD = 'dashboard';
export const SUMMARY_ID = 'summary';
export const RECENT_ID = 'recent-activity';
/** The lists a query answers, kept for the dashboard's reads (kept-lists.ts). */
export const KEPT_LISTS_ID = 'kept-lists';
/** One document per customer with confirmed revenue: { name, amount }. */
export const REVENUE = 'dashboardRevenue';

export const SERIES_DAYS = 30;
export const TOP_CUSTOMERS = 5;
/** Recent activity kept and answered: the newest entries and customers together. */
export const RECENT_SHOWN = 10;
/** Follow-ups due answered (soonest first): keeps a dashboard load at a fixed read count. */
export const FOLLOW_UPS_DUE_LIMIT = 6;
export const DEFAULT_DUE_DAYS = 3;
/** Days kept in the summary's day map (the series needs 30; the rest is for the job's repair). */
export const DAYS_KEPT = 400;
/** Entries read per page by the recompute job. */
export const RECOMPUTE_PAGE = 1000;

/** The funnel's stages are the entry processes, in their order. */
export const FUNNEL_STAGES = PROCESSES;
