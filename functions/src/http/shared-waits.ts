// The people's waits told across processes (docs/broadcasts.md, "People first"): each api
// instance times only the calls it serves (people-waits.ts), and the broadcast dispatcher may run
// in another instance or in the jobs process, which serves nobody and would find nobody waiting,
// so send at full pace while the team's calls wait seconds. An api instance that sees people
// wait writes what it sees, at most once a second, in `peopleWaits`; the dispatcher reads the
// fresh ones with its own. Quick calls are not written: the collection's one owner writes only
// while someone waits, so a stack nobody waits on costs nothing.
import { randomInt, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Timestamp } from 'firebase-admin/firestore';
import type { RequestHandler } from 'express';
import onFinished from 'on-finished';
import { now } from '../clock';
import { getDb } from '../firebase';
import { WAITS_WINDOW_MS, recentWaits, type Waits } from './people-waits';

const PEOPLE_WAITS = 'peopleWaits';
/** Waits under this (the people's 90th percentile) are quick: nothing worth telling. */
export const QUICK_MS = 200;
/**
 * Fewer calls than this in one instance's window say nothing about waiting: the 90th percentile
 * of one or two calls is the slowest of them. Summed across instances, one instance's single
 * call (the live report's poll every 2 s, 500 ms while the broadcast it counts sent) stood for
 * three, and halved a broadcast nobody else worked beside (docs/benchmarks.md, the runs of
 * session 51).
 */
export const FEW_CALLS = 3;
/** An instance looks at its waits, and tells them, at most this often. */
const TELL_EVERY_MS = 1_000;
/**
 * What an instance told is read for this long: its window, and a second for a write that waits
 * on a busy database. An instance whose people are quick again stops telling, and is read as
 * quick once this has passed.
 */
const FRESH_MS = WAITS_WINDOW_MS + 1_000;
/**
 * Instances write to one of this many documents, so the collection stays this small however many
 * instances come and go; two that meet on one keep the later's waits, a sample either way.
 */
const SLOTS = 16;

const writer = randomUUID();
const slot = `instance-${randomInt(SLOTS)}`;
let lookedAt = -Infinity;
let telling = false;

/**
 * Writes this instance's waits when its people wait: looked at once a second at most (not at
 * every call), one write at a time.
 */
function tellIfWaiting(): void {
  const at = performance.now();
  if (telling || at - lookedAt < TELL_EVERY_MS) return;
  lookedAt = at;
  const waits = recentWaits();
  if (waits.calls < FEW_CALLS || waits.p90Ms < QUICK_MS) return;
  telling = true;
  getDb()
    .collection(PEOPLE_WAITS)
    .doc(slot)
    .set({ writer, calls: waits.calls, p90Ms: waits.p90Ms, at: Timestamp.fromMillis(now()) })
    // A write the database refused tells nothing: the next call tries again.
    .catch(() => undefined)
    .finally(() => (telling = false));
}

/**
 * Express middleware after peopleWaits (the api instances only: a test's app leaves it out, so
 * that its calls write nothing besides what they ask): tells when a call begins and ends.
 */
export const tellWaits: RequestHandler = (_req, res, next) => {
  tellIfWaiting();
  onFinished(res, tellIfWaiting);
  next();
};

/**
 * The people's waits of every api instance that told lately, with this process's own, each with
 * at least FEW_CALLS calls: their calls added up, and the longest of their 90th percentiles (the
 * team waits as long as its slowest instance makes it).
 */
export async function peopleWaitsEverywhere(): Promise<Waits> {
  const told = await getDb()
    .collection(PEOPLE_WAITS)
    .where('at', '>=', Timestamp.fromMillis(now() - FRESH_MS))
    .get();
  const instances: Waits[] = [recentWaits()];
  for (const doc of told.docs) {
    if (doc.get('writer') === writer) continue; // This process's own, read fresher above.
    instances.push({ calls: Number(doc.get('calls') ?? 0), p90Ms: Number(doc.get('p90Ms') ?? 0) });
  }
  const waits: Waits = { calls: 0, p90Ms: 0 };
  for (const instance of instances.filter(({ calls }) => calls >= FEW_CALLS)) {
    waits.calls += instance.calls;
    waits.p90Ms = Math.max(waits.p90Ms, instance.p90Ms);
  }
  return waits;
}
