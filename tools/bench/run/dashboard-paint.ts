// The dashboard as a person sees it in a real browser: headless Chromium on the bench's stack,
// signed in, cold cache, its Largest Contentful Paint and the time every card and chart is
// drawn, on a phone over 4G with a slow CPU and on a desktop (Chrome DevTools Protocol).
import type { Browser } from 'playwright-core';
import {
  browserSession,
  drawnAt,
  lastLcp,
  launchChromium,
  PHONE,
  probeDrawn,
  throttledPage,
  type BrowserSession,
  type Profile,
} from './browser-profile.ts';
import { percentile } from './measure.ts';

export const PROFILES: (Profile & {
  /** Targets (ms, p95 of the runs). */
  lcpMaxMs: number;
  drawnMaxMs: number;
})[] = [
  {
    ...PHONE,
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
  profile: (typeof PROFILES)[number];
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
  session: BrowserSession,
  profile: Profile,
) {
  const { context, page, cdp } = await throttledPage(browser, baseUrl, session, profile);
  try {
    const scripts = new Set<string>();
    let jsBytes = 0;
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number; requestId: string }) => {
      if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
    });
    await probeDrawn(context, allDrawn);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    const drawnMs = await drawnAt(cdp);
    const lcpMs = await lastLcp(page);
    return { lcpMs, drawnMs, jsKb: jsBytes / 1024 };
  } finally {
    await context.close();
  }
}

export async function dashboardPaint(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<PaintResult[]> {
  const session = await browserSession(baseUrl, account);
  const browser = await launchChromium();
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
