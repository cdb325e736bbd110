// The people's waits told across processes (docs/broadcasts.md, "People first"): an api instance
// whose people wait writes what it sees in `peopleWaits`, once a second at most, and nothing
// while they are quick; the dispatcher, in whatever process, reads every instance's fresh waits
// with its own process's. Through the app's middleware and the Firestore engine.
import { Timestamp } from 'firebase-admin/firestore';
import { Router } from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/app';
import { getDb } from '../../src/firebase';
import { forgetWaits, recordPersonWait } from '../../src/http/people-waits';
import { FEW_CALLS, QUICK_MS, peopleWaitsEverywhere } from '../../src/http/shared-waits';
import { session } from '../support/callers';

const told = async () => (await getDb().collection('peopleWaits').get()).docs;

async function forgetTold(): Promise<void> {
  const batch = getDb().batch();
  for (const doc of await told()) batch.delete(doc.ref);
  await batch.commit();
}

/** An app whose customer list answers after `ms`. */
function slowApp(ms: number, tellWaits: boolean) {
  const api = Router();
  api.get('/customers', (_req, res) => void setTimeout(() => res.json({}), ms));
  return createApp({ session: session('employee'), api, tellWaits });
}

/** Writes waits as another api instance would. */
const tellAsAnother = (slot: string, calls: number, p90Ms: number, agoMs = 0) =>
  getDb()
    .doc(`peopleWaits/${slot}`)
    .set({ writer: `another-${slot}`, calls, p90Ms, at: Timestamp.fromMillis(Date.now() - agoMs) });

afterEach(async () => {
  forgetWaits();
  await forgetTold();
});

describe("the people's waits, told across processes", () => {
  it('an instance whose people wait tells the others, once a second at most', async () => {
    forgetWaits();
    await forgetTold();
    const app = slowApp(QUICK_MS + 50, true);
    const written = async () => (await told()).map((doc) => doc.data());
    // The first call's look found nobody waiting yet; the next look is a second later.
    await Promise.all([1, 2, 3].map(() => request(app).get('/api/customers')));
    expect(await written()).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await request(app).get('/api/customers');
    await expect.poll(written).toHaveLength(1);
    const [first] = await written();
    expect(first.calls).toBeGreaterThanOrEqual(3);
    expect(first.p90Ms).toBeGreaterThanOrEqual(QUICK_MS);
    // Within the second, more slow calls write nothing more.
    await request(app).get('/api/customers');
    expect((await written())[0].at).toEqual(first.at);
  });

  it('nothing is told while the calls are quick, nor by an app that does not tell', async () => {
    forgetWaits();
    await forgetTold();
    // Past the second of an earlier test's telling.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const quick = slowApp(0, true);
    await Promise.all([1, 2, 3].map(() => request(quick).get('/api/customers')));
    const silent = slowApp(QUICK_MS + 50, false);
    await Promise.all([1, 2, 3].map(() => request(silent).get('/api/customers')));
    // A write begun would have landed within this.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await told()).toHaveLength(0);
    // The slow calls were timed all the same: a call of an app that tells, a second after it
    // last looked, tells them.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await request(quick).get('/api/customers');
    await expect.poll(async () => (await told()).length).toBe(1);
  });

  it("the dispatcher's view adds the fresh waits of other instances to its own", async () => {
    forgetWaits();
    await forgetTold();
    expect(await peopleWaitsEverywhere()).toEqual({ calls: 0, p90Ms: 0 });
    // A process nobody calls (the jobs process) sees the waits the api instances told.
    await tellAsAnother('instance-1', 4, 2_500);
    await tellAsAnother('instance-2', 6, 300);
    // Told long ago: those people are quick again, or gone.
    await tellAsAnother('instance-3', 50, 9_000, 10_000);
    expect(await peopleWaitsEverywhere()).toEqual({ calls: 10, p90Ms: 2_500 });
    for (let i = 0; i < 5; i++) recordPersonWait(100);
    expect(await peopleWaitsEverywhere()).toEqual({ calls: 15, p90Ms: 2_500 });
  });

  it('an instance with fewer than FEW_CALLS calls says nothing, however long they took', async () => {
    forgetWaits();
    await forgetTold();
    // One person's poll of the live report, slow on one instance: the slowest of two calls is
    // no 90th percentile.
    await tellAsAnother('instance-1', FEW_CALLS - 1, 5_000);
    for (let i = 0; i < FEW_CALLS - 1; i++) recordPersonWait(900);
    expect(await peopleWaitsEverywhere()).toEqual({ calls: 0, p90Ms: 0 });
    await tellAsAnother('instance-2', FEW_CALLS, 600);
    expect(await peopleWaitsEverywhere()).toEqual({ calls: FEW_CALLS, p90Ms: 600 });
    recordPersonWait(900);
    expect(await peopleWaitsEverywhere()).toEqual({ calls: 2 * FEW_CALLS, p90Ms: 900 });
  });

  it('an instance tells only once its window holds FEW_CALLS calls', async () => {
    forgetWaits();
    await forgetTold();
    // Past the second of an earlier test's telling.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const app = slowApp(QUICK_MS + 50, true);
    // A slow call now and one a second later: two calls, both slow, tell nothing.
    await request(app).get('/api/customers');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await request(app).get('/api/customers');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await told()).toHaveLength(0);
  });
});
