// Keeping guessing out of sign-in without handing anyone a way to lock an account (OWASP ASVS
// 5.0, chapter 6): tries are counted per account *and* source address, so failures from one
// place slow that place only.
//
// - One account from one address: the first `freeTries` are free, then each try waits a rising
//   delay (1, 2, 4, 8, 16, then 30 minutes), the right password included. Forgotten an hour
//   after the last counted try, or at a successful sign-in.
// - One address over every account: a fixed window (an office shares one address, hence high).
// - One account over every address: a higher ceiling for an attack spread over many addresses.
//   Past it, only addresses the account signed in from in the last 30 days may still try, so
//   the owner at their usual place gets in.
//
// Records sit in rateLimits/ beside the counters (same TTL field, keys hashed).
import {
  Timestamp,
  type DocumentSnapshot,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { now } from '../../clock';
import { getDb } from '../../firebase';
import { DATABASE_UNAVAILABLE, HttpError } from '../../http/errors';
import {
  countEvent,
  counterRefs,
  rateLimitRef,
  refuse,
  waitsAtLimit,
  type Counter,
  type Limit,
} from './rate-limit';

const MINUTE = 60_000;

export interface ThrottlePolicy {
  /** Prefix of the records' scopes: 'login', 'otp'. */
  scope: string;
  freeTries: number;
  perAddress: Limit;
  perAccount: Limit;
  /** Start of the 429's message; ' Try again in N minutes.' follows. */
  message: string;
}

export const DELAYS = { firstMs: MINUTE, maxMs: 30 * MINUTE, forgetAfterMs: 60 * MINUTE };
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;

const pairRef = (policy: ThrottlePolicy, account: string, ip: string) =>
  rateLimitRef(`${policy.scope}-pair`, `${account}|${ip}`);
const knownRef = (policy: ThrottlePolicy, account: string, ip: string) =>
  rateLimitRef(`${policy.scope}-known`, `${account}|${ip}`);
const counters = (policy: ThrottlePolicy, account: string, ip: string): Counter[] => [
  { limit: policy.perAddress, key: ip },
  { limit: policy.perAccount, key: account },
];

/** The wait after `tries` counted tries: none while they are free, then doubling to the cap. */
export function delayAfter(tries: number, freeTries: number): number {
  if (tries < freeTries) return 0;
  return Math.min(DELAYS.maxMs, DELAYS.firstMs * 2 ** (tries - freeTries));
}

/** The startTry of each pair running in this instance: the next one for the pair waits for it. */
const pairQueues = new Map<string, Promise<unknown>>();

/**
 * Before a try is checked: refuses it (429) while the pair or a counter waits, else takes one
 * try of `account` from `ip`: the pair's count and lock are read and moved in one conditional
 * write, so however many tries arrive at once, at
 * most `freeTries` get through before the lock (counted after the check, 100 wrong passwords sent
 * together had 21 checked). A try that turns out right starts the pair over (recordSuccess).
 * The tries of one pair take turns within an instance: a hundred writes on one document at once
 * would mostly lose to each other; across instances the write's precondition still decides.
 */
export function startTry(policy: ThrottlePolicy, account: string, ip: string): Promise<void> {
  const ref = pairRef(policy, account, ip);
  const before = pairQueues.get(ref.path) ?? Promise.resolve();
  const mine = before.then(
    () => takeTryNow(policy, account, ip),
    () => takeTryNow(policy, account, ip),
  );
  pairQueues.set(ref.path, mine);
  const forget = () => {
    if (pairQueues.get(ref.path) === mine) pairQueues.delete(ref.path);
  };
  mine.then(forget, forget);
  return mine;
}

/** gRPC codes of a conditional write that lost to another: not found, exists, precondition. */
const LOST_TO_ANOTHER = new Set<unknown>([5, 6, 9]);
/** Reads and writes before giving up, as many as a transaction makes. */
const MAX_ATTEMPTS = 5;

/**
 * The pair and both counters in one read (a sign-in is a team's costliest call), then the pair's
 * new count written only if the pair is still as read (its update time, or still absent): a
 * transaction would read the pair a second time, and would lock the address counter that every
 * sign-in from an office reads. Lost to another try, it reads again.
 */
async function takeTryNow(policy: ThrottlePolicy, account: string, ip: string): Promise<void> {
  const ref = pairRef(policy, account, ip);
  const [byAddress, byAccount] = counters(policy, account, ip);
  for (let attempt = 1; ; attempt++) {
    const at = now();
    const [pair, addressDoc, accountDoc] = await getDb().getAll(
      ref,
      ...counterRefs([byAddress, byAccount]),
    );
    const lockedUntil = Number(pair.get('lockedUntil') ?? 0);
    if (lockedUntil > at) throw refuse(policy.message, lockedUntil - at);
    const addressWaits = waitsAtLimit([byAddress], [addressDoc], at);
    if (addressWaits.length > 0) throw refuse(policy.message, Math.max(...addressWaits));
    const accountWaits = waitsAtLimit([byAccount], [accountDoc], at);
    if (accountWaits.length > 0) await refuseUnknownAddress(policy, account, ip, accountWaits, at);
    const taken = pairAfterTry(policy, pair, at);
    try {
      if (pair.updateTime) await ref.update(taken, { lastUpdateTime: pair.updateTime });
      else await ref.create(taken);
      return;
    } catch (err) {
      if (!LOST_TO_ANOTHER.has((err as { code?: unknown }).code)) throw err;
      // As a transaction that kept losing: the try is not taken, and may be made again.
      if (attempt === MAX_ATTEMPTS) throw new HttpError(503, DATABASE_UNAVAILABLE);
    }
  }
}

/** The pair's record with one more try made at `at` (counted afresh once it was forgotten). */
function pairAfterTry(policy: ThrottlePolicy, pair: DocumentSnapshot, at: number) {
  const last = Number(pair.get('lastTryAt') ?? 0);
  const fresh = !pair.exists || at - last >= DELAYS.forgetAfterMs;
  const tries = (fresh ? 0 : Number(pair.get('tries') ?? 0)) + 1;
  const nextLock = at + delayAfter(tries, policy.freeTries);
  return {
    scope: `${policy.scope}-pair`,
    tries,
    lastTryAt: at,
    lockedUntil: nextLock,
    // Firestore's TTL policy on this field removes pairs nobody tries any more.
    expiresAt: Timestamp.fromMillis(Math.max(nextLock, at + DELAYS.forgetAfterMs)),
  };
}

/**
 * Past the account-wide ceiling only the addresses the account signed in from lately may try:
 * throws the 429 (with the ceiling's wait) for any other.
 */
async function refuseUnknownAddress(
  policy: ThrottlePolicy,
  account: string,
  ip: string,
  accountWaits: number[],
  at: number,
): Promise<void> {
  const known = await knownRef(policy, account, ip).get();
  const knownUntil = (known.get('expiresAt') as Timestamp | undefined)?.toMillis() ?? 0;
  if (knownUntil <= at) throw refuse(policy.message, Math.max(...accountWaits));
}

/** Counts a failed try (a wrong password, a code asked for) on the address and account counters. */
export async function countTry(policy: ThrottlePolicy, account: string, ip: string): Promise<void> {
  await countEvent(counters(policy, account, ip));
}

/**
 * A successful sign-in: the pair starts over and the address counts as the account's own,
 * written by `writer` (the session's own transaction: one commit for both).
 */
export function recordSuccess(
  writer: Transaction | WriteBatch,
  policy: ThrottlePolicy,
  account: string,
  ip: string,
): void {
  // Transaction and WriteBatch share delete and set; TypeScript cannot see one signature.
  const writes = writer as WriteBatch;
  writes.delete(pairRef(policy, account, ip));
  writes.set(knownRef(policy, account, ip), {
    scope: `${policy.scope}-known`,
    expiresAt: Timestamp.fromMillis(now() + KNOWN_ADDRESS_MS),
  });
}
