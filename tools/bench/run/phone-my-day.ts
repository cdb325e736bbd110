// "My day" on the phone: a sales person's first screen (`/`), cold. Its Largest Contentful
// Paint, the time all its parts are drawn (the four parts of My day and the four company cards,
// no skeleton left in them), the /api calls the page made until then (the notifications stream,
// the live channel, apart) and the documents the embedded Firestore read meanwhile.
import type { Browser } from 'playwright-core';
import type { FirestoreControl } from '../scale/load.ts';
import {
  drawnAt,
  lastLcp,
  PHONE,
  probeDrawn,
  throttledPage,
  type BrowserSession,
} from './browser-profile.ts';

export interface MyDayRun {
  lcpMs: number;
  drawnMs: number;
  /** `METHOD /path` of each data call, in the order sent. */
  calls: string[];
  reads: number;
}

const STREAM_PATH = '/api/notifications/stream';

/** My day's four parts filled in and the four cards' figures shown (my-day.tsx, stat-cards.tsx). */
function myDayDrawn(): boolean {
  const myDay = document.querySelector('section.my-day');
  const cards = document.querySelector('ul[aria-label="Totals"]');
  return (
    myDay?.getAttribute('aria-busy') === 'false' &&
    myDay.querySelector('.dash-skeleton__block') === null &&
    cards?.querySelectorAll(':scope > li').length === 4 &&
    cards.querySelector('.dash-skeleton__block') === null
  );
}

export async function myDayRun(
  browser: Browser,
  baseUrl: string,
  session: BrowserSession,
  control: FirestoreControl,
): Promise<MyDayRun> {
  const { context, page, cdp } = await throttledPage(browser, baseUrl, session, PHONE);
  try {
    const calls: string[] = [];
    cdp.on('Network.requestWillBeSent', (e: { request: { url: string; method: string } }) => {
      const url = new URL(e.request.url);
      if (url.pathname.startsWith('/api/') && url.pathname !== STREAM_PATH)
        calls.push(`${e.request.method} ${url.pathname}`);
    });
    await probeDrawn(context, myDayDrawn);
    await control.resetCounters();
    await page.goto('/', { waitUntil: 'commit' });
    const drawnMs = await drawnAt(cdp);
    const { reads } = await control.counters();
    return { lcpMs: await lastLcp(page), drawnMs, calls: [...calls], reads };
  } finally {
    await context.close();
  }
}
