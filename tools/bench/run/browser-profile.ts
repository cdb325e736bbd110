// A page as a person on a given device opens it: headless Chromium (Debian's, or CHROMIUM_PATH)
// on the bench's stack, signed in, a new context each time (cold cache, cache disabled), the
// network and CPU throttled through the Chrome DevTools Protocol.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';

export interface Profile {
  name: string;
  viewport: { width: number; height: number };
  /** Network.emulateNetworkConditions: bytes per second down and up, round trip in ms. */
  network?: { downloadBps: number; uploadBps: number; latencyMs: number };
  /** Emulation.setCPUThrottlingRate. */
  cpuSlowdown?: number;
}

const MBPS = 1_000_000 / 8;
/** A mid-range phone on 4G: issue 43's and the dashboard rows' phone. */
export const PHONE: Profile = {
  name: 'phone (390x844, 4G 9 Mbps / 170 ms, 4x CPU slowdown)',
  viewport: { width: 390, height: 844 },
  network: { downloadBps: 9 * MBPS, uploadBps: 9 * MBPS, latencyMs: 170 },
  cpuSlowdown: 4,
};

export interface BrowserSession {
  token: string;
  role: string;
  permissions: string[];
}

/** Signs in through the API: what the login form leaves in localStorage. */
export async function browserSession(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<BrowserSession> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as BrowserSession;
}

/** Debian's Chromium (`apt-get install chromium`, as .ci/run does), or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

/** A new signed-in context (an empty cache: a cold start) with one page, throttled as `profile`. */
export async function throttledPage(
  browser: Browser,
  baseUrl: string,
  session: BrowserSession,
  profile: Profile,
) {
  const context = await browser.newContext({ viewport: profile.viewport, baseURL: baseUrl });
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('role', s.role);
    localStorage.setItem('permissions', JSON.stringify(s.permissions));
  }, session);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.network.latencyMs,
      downloadThroughput: profile.network.downloadBps,
      uploadThroughput: profile.network.uploadBps,
    });
  if (profile.cpuSlowdown)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  return { context, page, cdp };
}

/** The page's Largest Contentful Paint so far (ms from the navigation's start). */
export const lastLcp = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

declare global {
  interface Window {
    benchDrawnAt?: number;
  }
}

/**
 * From each document's first script on, looks at every animation frame whether `drawn` holds
 * and keeps the first such frame's time in `window.benchDrawnAt`. Measured in the page and read
 * through the DevTools protocol (`drawnAt`) rather than with Playwright's waitForFunction, whose
 * first call evaluates Playwright's injected script in the page: a long task on a phone's
 * slowed main thread in the middle of the load being measured (docs/benchmarks.md, "What the
 * harness costs the page"). `drawn` is sent as its source: it may use nothing from outside
 * itself.
 */
export async function probeDrawn(context: BrowserContext, drawn: () => boolean): Promise<void> {
  await context.addInitScript(`(() => {
    const drawn = ${drawn.toString()};
    const frame = () => {
      if (drawn()) window.benchDrawnAt = performance.now();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()`);
}

const PROBE_POLL_MS = 50;

/** The time `probeDrawn` kept, once there (ms from the navigation's start). */
export async function drawnAt(cdp: CDPSession, timeoutMs = 60_000): Promise<number> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: 'window.benchDrawnAt',
      returnByValue: true,
    });
    if (typeof result.value === 'number') return result.value;
    if (Date.now() > end) throw new Error(`Not drawn within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, PROBE_POLL_MS));
  }
}
