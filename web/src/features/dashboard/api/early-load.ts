// The dashboard's call, started as soon as the dashboard is opened rather than once its code
// has arrived: on a phone the two then travel at once instead of one after the other.
import { api } from '../../../lib/api-client';
import type { Dashboard } from './types';

/** The range of the entries chart and the days of follow-ups due the page shows. */
export const RANGE = '30d';
export const DUE_DAYS = 3;
/** An early answer older than this is not used (the page asks again). */
const EARLY_USE_MS = 10_000;

let early: { at: number; answer: Promise<Dashboard> } | undefined;

/** Asks for everything the page shows (GET /dashboard/all); `since`: see invalidate-dashboard. */
export function fetchDashboard(since?: string): Promise<Dashboard> {
  return api.get<Dashboard>('/dashboard/all', {
    query: { range: RANGE, days: DUE_DAYS, since },
    fallbackMessage: 'Failed to load dashboard',
  });
}

/** Starts the page's call before its code has loaded (app/pages.ts, on the first visit). */
export function startDashboardLoad(): void {
  const answer = fetchDashboard();
  answer.catch(() => undefined); // the page's query reports a failure
  early = { at: Date.now(), answer };
}

/** The early call's answer, once, while recent. */
export function takeEarlyLoad(): Promise<Dashboard> | undefined {
  const taken = early;
  early = undefined;
  return taken && Date.now() - taken.at <= EARLY_USE_MS ? taken.answer : undefined;
}
