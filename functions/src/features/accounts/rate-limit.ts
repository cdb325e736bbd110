// Fixed-window counters in Firestore, so a limit holds across function instances:
// rateLimits/{sha256(scope:key)} = { scope, count, windowStart (ms), expiresAt }. A window
// opens at the first counted event and lasts `windowMs`; the clock is clock.ts's.
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { Timestamp, type DocumentReference, type DocumentSnapshot } from 'firebase-admin/firestore';
import { now } from '../../clock';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';

export interface Limit {
  scope: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Wrong passwords for one account from every address together: the ceiling a spread-out attack meets. */
export const LOGIN_FAILURES_PER_EMAIL: Limit = {
  scope: 'login-email',
  max: 50,
  windowMs: 60 * MINUTE,
};
/** Wrong passwords from one IP address (an office shares one, hence higher). */
export const LOGIN_FAILURES_PER_IP: Limit = { scope: 'login-ip', max: 30, windowMs: 15 * MINUTE };
/** Codes asked for one email address or phone number from every address together. */
export const OTP_REQUESTS_PER_IDENTIFIER: Limit = {
  scope: 'otp-identifier',
  max: 10,
  windowMs: 60 * MINUTE,
};
/** Codes asked from one IP address. */
export const OTP_REQUESTS_PER_IP: Limit = { scope: 'otp-ip', max: 20, windowMs: 15 * MINUTE };
/** Registrations tried from one IP address (each answer tells whether an email is taken). */
export const REGISTRATIONS_PER_IP: Limit = { scope: 'register-ip', max: 10, windowMs: 60 * MINUTE };

export interface Counter {
  limit: Limit;
  key: string;
}

export const RATE_LIMITS = 'rateLimits';

/** rateLimits/{sha256(scope:key)}: keys (emails, addresses) are never stored in clear. */
export function rateLimitRef(scope: string, key: string) {
  const id = createHash('sha256').update(`${scope}:${key}`).digest('hex');
  return getDb().collection(RATE_LIMITS).doc(id);
}

function ref({ limit, key }: Counter) {
  return rateLimitRef(limit.scope, key);
}

/** The count in the window open at `at`, and when that window closes. */
function current(doc: DocumentSnapshot, limit: Limit, at: number) {
  const windowStart = Number(doc.get('windowStart') ?? 0);
  if (!doc.exists || windowStart + limit.windowMs <= at) return { count: 0, endsAt: at };
  return { count: Number(doc.get('count') ?? 0), endsAt: windowStart + limit.windowMs };
}

export class RateLimited extends HttpError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(429, message);
  }
}

export function refuse(message: string, retryAfterMs: number): RateLimited {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE));
  return new RateLimited(
    `${message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterMs,
  );
}

/** The documents of `counters`, in their order. */
export function counterRefs(counters: Counter[]): DocumentReference[] {
  return counters.map(ref);
}

/**
 * How long until each counter that has reached its limit opens again (none: all are under),
 * from the counters' documents (counterRefs) as read at `at`.
 */
export function waitsAtLimit(counters: Counter[], docs: DocumentSnapshot[], at: number): number[] {
  return counters
    .map((c, i) => current(docs[i], c.limit, at))
    .filter((state, i) => state.count >= counters[i].limit.max)
    .map((state) => state.endsAt - at);
}

/**
 * Counts one event on every counter, in one transaction. With `refuseAtLimit`, a counter already
 * at its limit refuses the event (429) and nothing is counted.
 */
export async function countEvent(
  counters: Counter[],
  options: { refuseAtLimit?: string } = {},
): Promise<void> {
  const db = getDb();
  const refs = counters.map(ref);
  await db.runTransaction(async (tx) => {
    const at = now();
    const docs = await tx.getAll(...refs);
    const states = counters.map((c, i) => current(docs[i], c.limit, at));
    if (options.refuseAtLimit !== undefined) {
      const waits = states
        .filter((state, i) => state.count >= counters[i].limit.max)
        .map((state) => state.endsAt - at);
      if (waits.length > 0) throw refuse(options.refuseAtLimit, Math.max(...waits));
    }
    counters.forEach((c, i) => {
      const fresh = states[i].count === 0;
      const windowStart = fresh ? at : Number(docs[i].get('windowStart'));
      tx.set(refs[i], {
        scope: c.limit.scope,
        count: states[i].count + 1,
        windowStart,
        // Firestore's TTL policy on this field removes closed windows.
        expiresAt: Timestamp.fromMillis(windowStart + c.limit.windowMs),
      });
    });
  });
}

/** Sets Retry-After on a 429 before it goes to the error envelope. */
export function withRetryAfter(res: Response, err: unknown): unknown {
  if (err instanceof RateLimited)
    res.set('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))));
  return err;
}
