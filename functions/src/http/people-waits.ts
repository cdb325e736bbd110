// How long the people using the console wait for their calls in this instance: the broadcast
// dispatcher sends slower while they wait (docs/broadcasts.md, "People first"). A person's call
// carries a session or is a step of signing in (a person at the sign-in screen waits as much);
// Meta's and SendGrid's callbacks carry neither. A route whose time is not a person waiting on a
// busy stack (the live stream, which lasts as long as the page) says so in the route table
// (`notPeoplesWait`), and its call is left out once its access is checked. Calls still running
// count with what they have waited so far: 200 people signing in at once are waiting from the
// first second, not once the last of them is answered.
import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler } from 'express';
import onFinished from 'on-finished';

/** How far back the answered calls are looked at. */
export const WAITS_WINDOW_MS = 3_000;
/** At most this many answered calls are kept (a burst of thousands in the window says no more). */
const MAX_KEPT = 2_000;
const SIGN_IN_PREFIX = '/auth/';

/** The answered calls of the window, oldest first: when each ended and how long it took (ms). */
const recent: { at: number; ms: number }[] = [];

interface RunningCall {
  started: number;
  /** A step of signing in, or a call carrying a session's credential the check has yet to read. */
  person: boolean;
  req: Request;
}
const running = new Set<RunningCall>();
/** Each running call by its request, for a route that leaves its call out. */
const callOf = new WeakMap<Request, RunningCall>();

const isPersons = (call: RunningCall) => call.person || call.req.session !== undefined;

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

/**
 * A call that carries a session's credential (a bearer token, or a cookie: Firebase Hosting
 * forwards only the session's) is a person's before the session's check has read it, which may
 * be the slow part.
 */
const carriesCredential = (req: Request) =>
  /^Bearer\s/i.test(req.get('authorization') ?? '') || req.get('cookie') !== undefined;

/** Express middleware (first on /api): times each call while it runs and once it is answered. */
export const peopleWaits: RequestHandler = (req, res, next) => {
  const call: RunningCall = {
    started: performance.now(),
    person: req.path.toLowerCase().startsWith(SIGN_IN_PREFIX) || carriesCredential(req),
    req,
  };
  running.add(call);
  callOf.set(req, call);
  // Also when the caller gave up before the answer (that wait counts too), or had already.
  onFinished(res, () => {
    if (running.delete(call) && isPersons(call)) recordPersonWait(performance.now() - call.started);
  });
  next();
};

/** A route's handler after its checks when its time is no person's wait (`notPeoplesWait`). */
export const leaveOutOfPeopleWaits: RequestHandler = (req, _res, next) => {
  const call = callOf.get(req);
  if (call) running.delete(call);
  next();
};

/** How many of the people's calls, and the time 90 % of them took at most (ms). */
export type Waits = { calls: number; p90Ms: number };

/** The people's calls of the window and those running. */
export function recentWaits(): Waits {
  const at = performance.now();
  forgetOld(at);
  const waits = recent.map((w) => w.ms);
  for (const call of running) if (isPersons(call)) waits.push(at - call.started);
  if (waits.length === 0) return { calls: 0, p90Ms: 0 };
  waits.sort((a, b) => a - b);
  return { calls: waits.length, p90Ms: waits[Math.ceil(waits.length * 0.9) - 1] };
}

/** Forgets every call (tests): one a failed test left running must not count in the next. */
export function forgetWaits(): void {
  recent.length = 0;
  running.clear();
}
