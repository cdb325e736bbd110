// Releasing sign-in tries once they are checked: a right password gives its place on the address's
// and the account's counters back, a wrong one keeps it as a failure; either way it is no longer
// held by a try being checked (take-tries.ts took it).
//
// Every try from one address releases on the same counter document, so within an instance the
// releases of one address are written together: those that come while a write runs go in the
// next one, as one increment of each counter (one write each per sign-in put 200 sign-ins from
// one office at 9:30 in a line on that document: the last waited 10 s). They are not part of the
// session's commit for the same reason; a process that dies between the two leaves the place held
// until the counter's window closes (the address has one place fewer meanwhile).
import { FieldValue, type DocumentReference } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { getDb } from '../../firebase';
import {
  accountCounterRef,
  addressCounterRef,
  placeFreed,
  type ThrottlePolicy,
} from './take-tries';
import { batchesPerKey } from '../../batches-per-key';

export type TryOutcome = 'given back' | 'failed';

interface Release {
  policy: ThrottlePolicy;
  ip: string;
  account: string;
  outcome: TryOutcome;
  written: () => void;
}

/**
 * Releases one try of `account` from `ip` (a policy counting failures only): resolves once
 * written, or once the write failed (logged: the place stays held until the window closes).
 */
export function releaseTry(
  policy: ThrottlePolicy,
  account: string,
  ip: string,
  outcome: TryOutcome,
): Promise<void> {
  if (policy.counts !== 'failures') return Promise.resolve();
  return new Promise((written) =>
    queueRelease(`${policy.scope}|${ip}`, { policy, ip, account, outcome, written }),
  );
}

/** The releases of each address, written together while a write runs for it. */
const queueRelease = batchesPerKey<Release>(async (_key, releases) => {
  const { policy, ip } = releases[0];
  const batch = getDb().batch();
  // Merged: the window may have closed since the tries were taken.
  for (const counted of countersOf(policy, ip, releases))
    batch.set(counted.ref, change(counted), { merge: true });
  await batch
    .commit()
    .catch((err: unknown) => logger.warn(`${releases.length} sign-in tries not released:`, err));
  placeFreed(policy, ip);
  for (const r of releases) r.written();
});

/** How many tries a write releases on one counter, and how many of them it gives back. */
interface Counted {
  ref: DocumentReference;
  released: number;
  givenBack: number;
}

/** The counters the releases move: the address's, and each account's. */
function countersOf(policy: ThrottlePolicy, ip: string, releases: Release[]): Counted[] {
  const counters = new Map<string, Counted>();
  const count = (ref: DocumentReference, outcome: TryOutcome) => {
    const counted = counters.get(ref.path) ?? { ref, released: 0, givenBack: 0 };
    counters.set(ref.path, counted);
    counted.released++;
    if (outcome === 'given back') counted.givenBack++;
  };
  for (const r of releases) {
    count(addressCounterRef(policy, ip), r.outcome);
    count(accountCounterRef(policy, r.account), r.outcome);
  }
  return [...counters.values()];
}

/** Places given back leave the count; every release leaves the places held by tries in check. */
function change({ released, givenBack }: Counted) {
  const inFlight = FieldValue.increment(-released);
  return givenBack > 0 ? { count: FieldValue.increment(-givenBack), inFlight } : { inFlight };
}
