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
// A try is taken on all three before it is checked (take-tries.ts); a right password gives its
// place on the two counters back and a wrong one settles it there (release-tries.ts), so they
// count failures. Records sit in rateLimits/ beside the counters (same TTL field, keys hashed).
import { Timestamp, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { now } from '../../clock';
import { releaseTry } from './release-tries';
import { knownRef, pairRef, takeTry, type ThrottlePolicy } from './take-tries';

export { DELAYS, delayAfter, type ThrottlePolicy } from './take-tries';

const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

/**
 * Before a try is checked: refuses it (429) while the pair or a counter waits, else takes one
 * try of `account` from `ip` on the pair and both counters at once.
 */
export const startTry = takeTry;

/**
 * A try that was not a failure after all (the account disabled, Firebase out of reach): gives
 * its place on the counters back when the policy counts failures only.
 */
export const giveBackTry = (policy: ThrottlePolicy, account: string, ip: string) =>
  releaseTry(policy, account, ip, 'given back');

/**
 * A wrong password: its place stays counted, and is no longer held by a try being checked, so
 * tries waiting on a full counter learn it is full of failures.
 */
export const settleFailedTry = (policy: ThrottlePolicy, account: string, ip: string) =>
  releaseTry(policy, account, ip, 'failed');

/**
 * A successful sign-in: the pair starts over and the address counts as the account's own,
 * written by `writer` (the session's own transaction: one commit for all). Its place on the
 * counters went back as soon as the password was known right (giveBackTry).
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
