// How long the people using the console wait for their calls in this instance: the broadcast
// dispatcher sends slower while they wait (docs/broadcasts.md, "People first"). A person's call
// carries a session or is a step of signing in (a person at the sign-in screen waits as much);
// Meta's and SendGrid's callbacks carry neither, and the live stream, which lasts as long as the
// page, is left out. Calls still running count with what they have waited so far: 200 people
// signing in at once are waiting from the first second, not once the last of them is answered.
import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler } from 'express';

/** How far back the answered calls are looked at. */
export const WAITS_WINDOW_MS = 3_000;
/** At most this many answered calls are kept (a burst of thousands in the window says no more). */
const MAX_KEPT = 2_000;
const STREAM_PATH = '/notifications/stream';
const SIGN_IN_PREFIX = '/auth/';

/** The answered calls of the window, oldest first: when each ended and how long it took (ms). */
const recent: { at: number; ms: number }[] = [];

interface RunningCall {
  started: number;
  /** A step of signing in: a person's call before any session exists. */
  signingIn: boolean;
  req: Request;
}
const running = new Set<RunningCall>();

/** The session middleware, which runs after this, has not yet said so while it checks. */
const isPersons = (call: RunningCall) => call.signingIn || call.req.session !== undefined;

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

/** Express middleware (first on /api): times each call while it runs and once it is answered. */
export const peopleWaits: RequestHandler = (req, res, next) => {
  // Read now: by the answer's end the routers may have given the request its whole path back.
  if (req.path === STREAM_PATH) return next();
  const call: RunningCall = {
    started: performance.now(),
    signingIn: req.path.startsWith(SIGN_IN_PREFIX),
    req,
  };
  running.add(call);
  // 'close' also comes when the caller gave up before the answer: that wait counts too.
  const ended = () => {
    if (running.delete(call) && isPersons(call)) recordPersonWait(performance.now() - call.started);
  };
  res.on('finish', ended);
  res.on('close', ended);
  next();
};

/** The people's calls of the window and those running, and the time 90 % of them took at most. */
export function recentWaits(): { calls: number; p90Ms: number } {
  const at = performance.now();
  forgetOld(at);
  const waits = recent.map((w) => w.ms);
  for (const call of running) if (isPersons(call)) waits.push(at - call.started);
  if (waits.length === 0) return { calls: 0, p90Ms: 0 };
  waits.sort((a, b) => a - b);
  return { calls: waits.length, p90Ms: waits[Math.ceil(waits.length * 0.9) - 1] };
}

/** Forgets every answered call (tests); running ones still end as they do. */
export function forgetWaits(): void {
  recent.length = 0;
}
