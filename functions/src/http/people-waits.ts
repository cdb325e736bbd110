// How long the people using the console waited for their calls in this instance over the last
// few seconds: the broadcast dispatcher sends slower while they wait (docs/broadcasts.md,
// "People first"). Calls with a session only (not Meta's callbacks, which have none), and not
// the live stream, which lasts as long as the page.
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';

/** How far back the waits are looked at. */
export const WAITS_WINDOW_MS = 3_000;
/** At most this many waits are kept (a burst of thousands in the window says no more). */
const MAX_KEPT = 2_000;
const STREAM_PATH = '/notifications/stream';

/** The waits of the window, oldest first: when each call ended and how long it took (ms). */
const recent: { at: number; ms: number }[] = [];

function forgetOld(at: number): void {
  let old = 0;
  while (old < recent.length && recent[old].at < at - WAITS_WINDOW_MS) old++;
  if (recent.length - old > MAX_KEPT) old = recent.length - MAX_KEPT;
  if (old > 0) recent.splice(0, old);
}

/** Counts one person's call that took `ms`. */
export function recordPersonWait(ms: number): void {
  const at = performance.now();
  recent.push({ at, ms });
  forgetOld(at);
}

/** Express middleware (first on /api): times each call, counted once it is answered. */
export const peopleWaits: RequestHandler = (req, res, next) => {
  const started = performance.now();
  // Read now: by the answer's end the routers may have given the request its whole path back.
  const stream = req.path === STREAM_PATH;
  res.on('finish', () => {
    if (req.session && !stream) recordPersonWait(performance.now() - started);
  });
  next();
};

/** The calls people made in the window and the time 90 % of them took at most (ms). */
export function recentWaits(): { calls: number; p90Ms: number } {
  forgetOld(performance.now());
  if (recent.length === 0) return { calls: 0, p90Ms: 0 };
  const sorted = recent.map((w) => w.ms).sort((a, b) => a - b);
  return { calls: sorted.length, p90Ms: sorted[Math.ceil(sorted.length * 0.9) - 1] };
}

/** Forgets every wait (tests). */
export function forgetWaits(): void {
  recent.length = 0;
}
