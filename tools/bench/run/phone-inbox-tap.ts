// A conversation opened from the Inbox on the phone: the Inbox opened cold, its rows shown, a
// pause as a person reads them, then a tap on the first row; the time from the tap (its
// pointerdown) until the thread's messages are drawn on the conversation's screen.
import type { Browser } from 'playwright-core';
import { PHONE, throttledPage, type BrowserSession } from './browser-profile.ts';

/** What a person takes to read the Inbox's rows before tapping one. */
export const READ_ROWS_MS = 2_000;
const ROW = 'ul[aria-label="Conversations"] a.inbox__link';

declare global {
  interface Window {
    benchTapAt?: number;
    benchDrawnAt?: number;
  }
}

export async function inboxTapRun(
  browser: Browser,
  baseUrl: string,
  session: BrowserSession,
): Promise<number> {
  const { context, page } = await throttledPage(browser, baseUrl, session, PHONE);
  try {
    await page.goto('/inbox', { waitUntil: 'commit' });
    await page.locator(ROW).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(READ_ROWS_MS);
    // Playwright evaluates its injected script in the page on the first waitForFunction: a long
    // task on the phone's slowed main thread, which would otherwise land right after the tap.
    await page.waitForFunction(() => true);
    await page.evaluate(() =>
      document.addEventListener(
        'pointerdown',
        () => {
          window.benchTapAt = performance.now();
        },
        { capture: true, once: true },
      ),
    );
    await page.locator(ROW).first().click();
    await page.waitForFunction(
      () => {
        if (document.querySelector('ol.conversation__messages li.bubble') === null) return false;
        window.benchDrawnAt ??= performance.now();
        return true;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    return await page.evaluate(() => (window.benchDrawnAt ?? NaN) - (window.benchTapAt ?? NaN));
  } finally {
    await context.close();
  }
}
