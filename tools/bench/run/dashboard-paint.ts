// The dashboard as a person sees it in a real browser: headless Chromium on the bench's stack,
// signed in, cold cache, its Largest Contentful Paint and the time every card and chart is
// drawn, on a phone over 4G with a slow CPU and on a desktop (Chrome DevTools Protocol).
import { chromium, type Browser } from 'playwright-core';
import { percentile } from './measure.ts';

export interface Profile {
  name: string;
  viewport: { width: number; height: number };
  /** Network.emulateNetworkConditions: bytes per second down and up, round trip in ms. */
  network?: { downloadBps: number; uploadBps: number; latencyMs: number };
  /** Emulation.setCPUThrottlingRate. */
  cpuSlowdown?: number;
  /** Targets (ms, p95 of the runs). */
  lcpMaxMs: number;
  drawnMaxMs: number;
}

const MBPS = 1_000_000 / 8;
export const PROFILES: Profile[] = [
  {
    name: 'phone (390x844, 4G 9 Mbps / 170 ms, 4x CPU slowdown)',
    viewport: { width: 390, height: 844 },
    network: { downloadBps: 9 * MBPS, uploadBps: 9 * MBPS, latencyMs: 170 },
    cpuSlowdown: 4,
    lcpMaxMs: 2_500,
    drawnMaxMs: 3_500,
  },
  {
    name: 'desktop (1280x800, no throttling)',
    viewport: { width: 1280, height: 800 },
    lcpMaxMs: 1_000,
    drawnMaxMs: 1_500,
  },
];
export const PAINT_RUNS = 3;

export interface PaintResult {
  profile: Profile;
  runs: { lcpMs: number; drawnMs: number; jsKb: number }[];
}

/**
 * Every card and chart drawn: the four totals, both charts' SVGs with their marks, the
 * panels' lists, no skeleton block left (dashboard-page.tsx).
 */
function allDrawn(): boolean {
  const cards = document.querySelectorAll('ul[aria-label="Totals"] > li').length === 4;
  const charts = [...document.querySelectorAll('.dash-grid svg')].filter(
    (svg) => svg.querySelector('path') !== null,
  ).length;
  return cards && charts >= 2 && document.querySelector('.dash-skeleton__block') === null;
}

async function oneRun(
  browser: Browser,
  baseUrl: string,
  session: { token: string; role: string },
  profile: Profile,
) {
  // A new context has an empty cache: a cold start of the page.
  const context = await browser.newContext({ viewport: profile.viewport, baseURL: baseUrl });
  try {
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('role', s.role);
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
    const scripts = new Set<string>();
    let jsBytes = 0;
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number; requestId: string }) => {
      if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
    });
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await page.waitForFunction(allDrawn, undefined, { polling: 'raf', timeout: 60_000 });
    const drawnMs = await page.evaluate(() => performance.now());
    const lcpMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]?.startTime ?? NaN);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    return { lcpMs, drawnMs, jsKb: jsBytes / 1024 };
  } finally {
    await context.close();
  }
}

export async function dashboardPaint(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<PaintResult[]> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as { token: string; role: string };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const results: PaintResult[] = [];
    for (const profile of PROFILES) {
      const runs = [];
      for (let i = 0; i < PAINT_RUNS; i++)
        runs.push(await oneRun(browser, baseUrl, session, profile));
      results.push({ profile, runs });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** The section of BENCHMARKS.md, and its targets. */
export function paintSection(results: PaintResult[]): {
  lines: string[];
  verdicts: { target: string; met: boolean }[];
} {
  const ms = (n: number) => `${Math.round(n).toLocaleString('en-IN')} ms`;
  const p95 = (values: number[]) => percentile(values, 95);
  return {
    lines: [
      '## The dashboard in a browser',
      '',
      `Headless Chromium on the bench's stack, signed in as sales (the demo company and the small size), a new browser context each run (cold cache, cache disabled through the Chrome DevTools Protocol), ${PAINT_RUNS} runs per profile. The network and CPU are throttled with \`Network.emulateNetworkConditions\` and \`Emulation.setCPUThrottlingRate\`. LCP: the last \`largest-contentful-paint\` entry; all drawn: the four cards, both charts' SVG marks and no skeleton left, from the navigation's start.`,
      '',
      '| profile | LCP (runs) | LCP p95 | all drawn (runs) | all drawn p95 | JS transferred |',
      '|---|---|---:|---|---:|---:|',
      ...results.map(
        ({ profile, runs }) =>
          `| ${profile.name} | ${runs.map((r) => ms(r.lcpMs)).join(', ')} | ${ms(p95(runs.map((r) => r.lcpMs)))} | ${runs.map((r) => ms(r.drawnMs)).join(', ')} | ${ms(p95(runs.map((r) => r.drawnMs)))} | ${Math.round(runs[0].jsKb)} KB |`,
      ),
      '',
    ],
    verdicts: results.flatMap(({ profile, runs }) => [
      {
        target: `Dashboard on a ${profile.name}: LCP ≤ ${ms(profile.lcpMaxMs)}`,
        met: p95(runs.map((r) => r.lcpMs)) <= profile.lcpMaxMs,
      },
      {
        target: `Dashboard on a ${profile.name}: every card and chart drawn ≤ ${ms(profile.drawnMaxMs)}`,
        met: p95(runs.map((r) => r.drawnMs)) <= profile.drawnMaxMs,
      },
    ]),
  };
}
