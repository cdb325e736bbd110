import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** The two sizes every screen is checked at: either side of the 768 px breakpoint between phone and desktop layouts. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/**
 * One browser for the test file that calls this at its top level: launched before the file's
 * tests, closed after them.
 */
export function browserForFile(): { readonly browser: Browser } {
  const launched = {} as { browser: Browser };
  beforeAll(async () => {
    launched.browser = await launchBrowser();
  });
  afterAll(async () => {
    await launched.browser?.close();
  });
  return launched;
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * A fresh context at one size; `session` puts a stored token and role in place first;
 * `timezoneId` sets the browser's own time zone (the machine's otherwise).
 */
export async function openPage(
  browser: Browser,
  viewport: ViewportName,
  session?: { token: string; role: string; permissions?: string[] },
  timezoneId?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    baseURL: baseUrl(),
    timezoneId,
  });
  if (session) {
    await context.addInitScript((s) => {
      if (!sessionStorage.getItem('e2e-session-set')) {
        localStorage.setItem('token', s.token);
        localStorage.setItem('role', s.role);
        // What the sign-in form keeps (a session without it asks /auth/me once idle).
        if (s.permissions) localStorage.setItem('permissions', JSON.stringify(s.permissions));
        sessionStorage.setItem('e2e-session-set', '1');
      }
    }, session);
  }
  return { context, page: await context.newPage() };
}
