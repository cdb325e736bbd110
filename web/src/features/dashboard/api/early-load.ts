// The dashboard's call, started as soon as the dashboard is opened rather than once its code
// has arrived: on a phone the two then travel at once instead of one after the other. On a cold
// load by someone signed in, the page's first script (app/boot/) has sent it already, before
// the app's own script arrived: its answer is taken over rather than asked again.
import { api, apiAnswer } from '../../../lib/api-client';
import { takeBootCall } from '../../../lib/boot-call';
import { getToken } from '../../../lib/storage';
import {
  DASHBOARD_FAILED,
  DASHBOARD_PATH,
  dashboardQuery,
  firstDashboardUrl,
} from './dashboard-call';
import type { Dashboard } from './types';

/** An early answer older than this is not used (the page asks again). */
const EARLY_USE_MS = 10_000;

let early: { at: number; token: string | null; answer: Promise<Dashboard> } | undefined;

/** Asks for everything the page shows (GET /dashboard/all); `since`: see invalidate-dashboard. */
export function fetchDashboard(since?: string): Promise<Dashboard> {
  return api.get(DASHBOARD_PATH, {
    query: dashboardQuery(since),
    fallbackMessage: DASHBOARD_FAILED,
  });
}

/** Starts the page's call before its code has loaded (app/pages.ts, on the first visit). */
export function startDashboardLoad(): void {
  const token = getToken();
  const sent = takeBootCall(firstDashboardUrl(), token, EARLY_USE_MS);
  const answer = sent
    ? apiAnswer(DASHBOARD_PATH, sent, { fallbackMessage: DASHBOARD_FAILED })
    : fetchDashboard();
  answer.catch(() => undefined); // the page's query reports a failure
  early = { at: Date.now(), token, answer };
}

/**
 * The early call's answer, once, while recent and asked with the session now stored (someone
 * else signing in meanwhile, in another tab too, must not be shown the first person's figures).
 */
export function takeEarlyLoad(): Promise<Dashboard> | undefined {
  const taken = early;
  early = undefined;
  if (!taken || taken.token !== getToken()) return undefined;
  return Date.now() - taken.at <= EARLY_USE_MS ? taken.answer : undefined;
}
