// Taking sign-in tries before they are checked, every limit at once: the pair's lock and count
// (one account from one address), the address's count over every account and the account's over
// every address are read and moved by one transaction, so tries sent together cannot all read
// the same counts and all pass the limit. A try holds its place on the counters from then on; a
// password that turns out right gives it back, a wrong one settles it (sign-in-throttle.ts).
//
// A counter full only because some of its places are held by tries still being checked is not a
// refusal: those may yet give their places back (an office of 40 signing in at 9:30 from one
// address, right passwords all). The tries that meet it wait in the instance and are taken
// again; once settled failures fill it, they are refused. So at most `max` are ever checked, and
// right passwords never meet a limit they did not fail.
//
// Every try from one address meets the same counter document, so within an instance the tries
// of one address are taken together: those that arrive while a transaction runs go in the next
// one, in the order they came (one transaction each would mostly wait on one another). Across
// instances the transaction decides.
import type { DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../clock';
import { getDb } from '../../firebase';
import { databaseAnswered } from '../../database-trouble';
import { DATABASE_UNAVAILABLE, HttpError } from '../../http/errors';
import { batchesPerKey } from '../../batches-per-key';
import { RateLimited, rateLimitRef, refuse, type Limit } from './rate-limit';

export const DELAYS = { firstMs: 60_000, maxMs: 30 * 60_000, forgetAfterMs: 60 * 60_000 };

export interface ThrottlePolicy {
  /** Prefix of the records' scopes: 'login', 'otp'. */
  scope: string;
  freeTries: number;
  perAddress: Limit;
  perAccount: Limit;
  /** Start of the 429's message; ' Try again in N minutes.' follows. */
  message: string;
  /** 'failures': a try that succeeds gives its place on the counters back; 'requests': none do. */
  counts: 'failures' | 'requests';
}

export const pairRef = (policy: ThrottlePolicy, account: string, ip: string) =>
  rateLimitRef(`${policy.scope}-pair`, `${account}|${ip}`);
export const knownRef = (policy: ThrottlePolicy, account: string, ip: string) =>
  rateLimitRef(`${policy.scope}-known`, `${account}|${ip}`);
export const addressCounterRef = (policy: ThrottlePolicy, ip: string) =>
  rateLimitRef(policy.perAddress.scope, ip);
export const accountCounterRef = (policy: ThrottlePolicy, account: string) =>
  rateLimitRef(policy.perAccount.scope, account);

/** The wait after `tries` counted tries: none while they are free, then doubling to the cap. */
export function delayAfter(tries: number, freeTries: number): number {
  if (tries < freeTries) return 0;
  return Math.min(DELAYS.maxMs, DELAYS.firstMs * 2 ** (tries - freeTries));
}

interface WaitingTry {
  policy: ThrottlePolicy;
  ip: string;
  account: string;
  /** When it first came (the app's clock, ms): it waits for a place at most `WAIT_FOR_PLACE.maxMs`. */
  since: number;
  taken: () => void;
  refused: (err: unknown) => void;
}

/**
 * How long a try waits for places held by tries still being checked, and how often it looks
 * when no try of this instance freed one (another instance's may have).
 */
const WAIT_FOR_PLACE = { maxMs: 20_000, everyMs: 500 };

/**
 * A try that waited its time and found the places still held by tries being checked: no
 * password failed, so it is told the address is busy, and to try again soon (not the failures'
 * minutes: the places come back as those checks end, or with the window).
 */
const busyAddress = () =>
  new RateLimited(
    'Too many sign-ins at once from this address. Try again in a few seconds.',
    5_000,
  );

/** Per address, what ends the wait of its tries: a place this instance freed, or the timer. */
const wakers = new Map<string, () => void>();

const waitKey = (policy: ThrottlePolicy, ip: string) => `${policy.scope}|${ip}`;

/** A try from `ip` gave its place back or settled it: that address's waiting tries look again. */
export function placeFreed(policy: ThrottlePolicy, ip: string): void {
  wakers.get(waitKey(policy, ip))?.();
}

function waitForPlace(key: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      wakers.delete(key);
      resolve();
    };
    const timer = setTimeout(done, WAIT_FOR_PLACE.everyMs);
    wakers.set(key, done);
  });
}

/** A try's outcome in one transaction: taken, refused, or waiting for a place to be settled. */
type Outcome = HttpError | 'wait' | undefined;

/**
 * Takes one try of `account` from `ip`: resolves once it is counted, or rejects with the 429 of
 * the first limit it meets (nothing counted then); 503 when the database would not commit it.
 */
export function takeTry(policy: ThrottlePolicy, account: string, ip: string): Promise<void> {
  return new Promise((taken, refused) =>
    queueTry(waitKey(policy, ip), { policy, ip, account, since: now(), taken, refused }),
  );
}

/** The tries of each address, taken together while a transaction runs for it. */
const queueTry = batchesPerKey<WaitingTry>(async (key, batch) => {
  const { policy, ip } = batch[0];
  let waited: WaitingTry[] = [];
  try {
    const outcomes = await takeTogether(policy, ip, batch);
    // Committed: the database answers (200 sign-ins at once would otherwise find the deadline's
    // probe queued behind them, and be cut with a false 503).
    databaseAnswered();
    batch.forEach((t, i) => {
      const outcome = outcomes[i];
      if (outcome === 'wait') waited.push(t);
      else if (outcome) t.refused(outcome);
      else t.taken();
    });
  } catch (err) {
    const failure = isContention(err) ? new HttpError(503, DATABASE_UNAVAILABLE) : err;
    for (const t of batch) t.refused(failure);
  }
  waited = waited.filter((t) => {
    const tooLong = now() - t.since > WAIT_FOR_PLACE.maxMs;
    if (tooLong) t.refused(busyAddress());
    return !tooLong;
  });
  // Ahead of the tries that came while this transaction ran: the order they came in holds.
  if (waited.length > 0) await waitForPlace(key);
  return waited;
});

/** Lost to other transactions until the client library gave up (ABORTED). */
const isContention = (err: unknown) => (err as { code?: unknown }).code === 10;

interface Count {
  ref: DocumentReference;
  limit: Limit;
  count: number;
  /** Of `count`, the places held by tries still being checked (a policy counting failures). */
  inFlight: number;
  windowStart: number;
  changed: boolean;
}

function readCount(doc: DocumentSnapshot, limit: Limit, at: number): Count {
  const windowStart = Number(doc.get('windowStart') ?? 0);
  const open = doc.exists && windowStart + limit.windowMs > at;
  return {
    ref: doc.ref,
    limit,
    // A given-back place can land after its window closed and another opened: never below 0.
    count: open ? Math.max(0, Number(doc.get('count') ?? 0)) : 0,
    inFlight: open ? Math.max(0, Number(doc.get('inFlight') ?? 0)) : 0,
    windowStart: open ? windowStart : at,
    changed: false,
  };
}

/**
 * One transaction for `batch`, the tries of one address in the order they came: the refusal of
 * each try (undefined: taken). Tries of one account see the ones before them.
 */
function takeTogether(policy: ThrottlePolicy, ip: string, batch: WaitingTry[]): Promise<Outcome[]> {
  const accounts = [...new Set(batch.map((t) => t.account))];
  return getDb().runTransaction(async (tx) => {
    const at = now();
    const address = readCount(await tx.get(addressCounterRef(policy, ip)), policy.perAddress, at);
    // The address full: each of its tries waits, or is refused, alike, and its accounts' records
    // are not read (tries waiting for a place look again often).
    if (address.count >= address.limit.max) {
      const outcome: Outcome =
        address.count - address.inFlight >= address.limit.max
          ? refuse(policy.message, address.windowStart + address.limit.windowMs - at)
          : 'wait';
      return batch.map(() => outcome);
    }
    const docs = await tx.getAll(
      ...accounts.flatMap((a) => [pairRef(policy, a, ip), accountCounterRef(policy, a)]),
    );
    const pairs = new Map<string, PairState>();
    const accountCounts = new Map<string, Count>();
    accounts.forEach((a, i) => {
      pairs.set(a, readPair(docs[2 * i]));
      accountCounts.set(a, readCount(docs[2 * i + 1], policy.perAccount, at));
    });
    const known = await knownAddresses(tx, policy, ip, at, accounts, accountCounts);
    const holds = policy.counts === 'failures';
    const outcomes = batch.map(({ account }): Outcome => {
      const pair = pairs.get(account)!;
      const byAccount = accountCounts.get(account)!;
      if (pair.lockedUntil > at) return refuse(policy.message, pair.lockedUntil - at);
      const full = [address, ...(known.has(account) ? [] : [byAccount])].filter(
        (c) => c.count >= c.limit.max,
      );
      const settled = full.filter((c) => c.count - c.inFlight >= c.limit.max);
      if (settled.length > 0)
        return refuse(
          policy.message,
          Math.max(...settled.map((c) => c.windowStart + c.limit.windowMs - at)),
        );
      if (full.length > 0) return 'wait';
      takeOn(pair, policy, at);
      for (const c of [address, byAccount]) {
        c.count++;
        if (holds) c.inFlight++;
        c.changed = true;
      }
      return undefined;
    });
    for (const [account, pair] of pairs)
      if (pair.changed) tx.set(pairRef(policy, account, ip), pairRecord(policy, pair));
    for (const c of [address, ...accountCounts.values()])
      if (c.changed)
        tx.set(c.ref, {
          scope: c.limit.scope,
          count: c.count,
          inFlight: c.inFlight,
          windowStart: c.windowStart,
          // Firestore's TTL policy on this field removes closed windows.
          expiresAt: Timestamp.fromMillis(c.windowStart + c.limit.windowMs),
        });
    return outcomes;
  });
}

/**
 * The accounts past their ceiling over every address for which `ip` is one they signed in from
 * lately: those may still try (only those accounts' records are read).
 */
async function knownAddresses(
  tx: Transaction,
  policy: ThrottlePolicy,
  ip: string,
  at: number,
  accounts: string[],
  counts: Map<string, Count>,
): Promise<Set<string>> {
  const full = accounts.filter((a) => counts.get(a)!.count >= policy.perAccount.max);
  if (full.length === 0) return new Set();
  const docs = await tx.getAll(...full.map((a) => knownRef(policy, a, ip)));
  return new Set(
    full.filter((_, i) => {
      const until = (docs[i].get('expiresAt') as Timestamp | undefined)?.toMillis() ?? 0;
      return until > at;
    }),
  );
}

interface PairState {
  tries: number;
  lastTryAt: number;
  lockedUntil: number;
  changed: boolean;
}

function readPair(doc: DocumentSnapshot): PairState {
  return {
    tries: doc.exists ? Number(doc.get('tries') ?? 0) : 0,
    lastTryAt: Number(doc.get('lastTryAt') ?? 0),
    lockedUntil: Number(doc.get('lockedUntil') ?? 0),
    changed: false,
  };
}

/** One more try made at `at` (counted afresh once the pair was forgotten). */
function takeOn(pair: PairState, policy: ThrottlePolicy, at: number): void {
  const fresh = pair.tries === 0 || at - pair.lastTryAt >= DELAYS.forgetAfterMs;
  pair.tries = (fresh ? 0 : pair.tries) + 1;
  pair.lastTryAt = at;
  pair.lockedUntil = at + delayAfter(pair.tries, policy.freeTries);
  pair.changed = true;
}

function pairRecord(policy: ThrottlePolicy, pair: PairState) {
  return {
    scope: `${policy.scope}-pair`,
    tries: pair.tries,
    lastTryAt: pair.lastTryAt,
    lockedUntil: pair.lockedUntil,
    // Firestore's TTL policy on this field removes pairs nobody tries any more.
    expiresAt: Timestamp.fromMillis(
      Math.max(pair.lockedUntil, pair.lastTryAt + DELAYS.forgetAfterMs),
    ),
  };
}
