// Fixed-window counters in Firestore, so a limit holds across function instances:
// rateLimits/{sha256(scope:key)} = { scope, count, windowStart (ms), expiresAt }. A window
// opens at the first counted event and lasts `windowMs`; the clock is clock.ts's.
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { now } from '../../clock';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';

export interface Limit {
  scope: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Wrong passwords for one email address. */
export const LOGIN_FAILURES_PER_EMAIL: Limit = {
  scope: 'login-email',
  max: 5,
  windowMs: 15 * MINUTE,
};
/** Wrong passwords from one IP address (an office shares one, hence higher). */
export const LOGIN_FAILURES_PER_IP: Limit = { scope: 'login-ip', max: 30, windowMs: 15 * MINUTE };
/** Codes asked for one email address or phone number. */
export const OTP_REQUESTS_PER_IDENTIFIER: Limit = {
  scope: 'otp-identifier',
  max: 3,
  windowMs: 15 * MINUTE,
};
/** Codes asked from one IP address. */
export const OTP_REQUESTS_PER_IP: Limit = { scope: 'otp-ip', max: 20, windowMs: 15 * MINUTE };

export interface Counter {
  limit: Limit;
  key: string;
}

function ref({ limit, key }: Counter) {
  const id = createHash('sha256').update(`${limit.scope}:${key}`).digest('hex');
  return getDb().collection('rateLimits').doc(id);
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

function refuse(message: string, retryAfterMs: number): RateLimited {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE));
  return new RateLimited(
    `${message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterMs,
  );
}

/** Throws a 429 when any counter has reached its limit. */
export async function assertUnderLimits(counters: Counter[], message: string): Promise<void> {
  const at = now();
  const docs = await getDb().getAll(...counters.map(ref));
  const waits = counters
    .map((c, i) => current(docs[i], c.limit, at))
    .filter((state, i) => state.count >= counters[i].limit.max)
    .map((state) => state.endsAt - at);
  if (waits.length > 0) throw refuse(message, Math.max(...waits));
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

export async function resetCounter(counter: Counter): Promise<void> {
  await ref(counter).delete();
}

/** Sets Retry-After on a 429 before it goes to the error envelope. */
export function withRetryAfter(res: Response, err: unknown): unknown {
  if (err instanceof RateLimited)
    res.set('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))));
  return err;
}
