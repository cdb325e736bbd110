// People first (docs/broadcasts.md): the calls people make are timed per instance, while they
// run and once answered (Meta's callbacks, without a session, and the live stream are not;
// sign-ins are), and a broadcast's share of the throughput starts at an eighth and doubles while
// they are quick, halves while their calls take long, drops to its least past the people's
// second, and grows back by a tenth while they are quick; past that second the next slot also
// waits REST_MS.
import { performance } from 'node:perf_hooks';
import { Router, type RequestHandler } from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/app';
import {
  MIN_SHARE,
  PEOPLE_TARGET_MS,
  REST_MS,
  PEOPLE_WAIT_MS,
  START_SHARE,
  nextShare,
  peopleFirstPace,
} from '../../src/features/broadcasts/people-first';
import { SLOT_MS } from '../../src/features/broadcasts/pacing';
import { route } from '../../src/http/access';
import { forgetWaits, recentWaits, recordPersonWait } from '../../src/http/people-waits';
import { session } from '../support/callers';

afterEach(() => forgetWaits());

describe("the people's waits", () => {
  it('counts the calls of people signed in, not those without a session', async () => {
    forgetWaits();
    const signedIn = createApp({ session: session('employee') });
    const nobody = createApp({ session: session(null) });
    await request(signedIn).get('/api/health');
    await request(signedIn).get('/api/customers');
    await request(nobody).post('/api/integrations/whatsapp/webhook').send({});
    const waits = recentWaits();
    expect(waits.calls).toBe(2);
    expect(waits.p90Ms).toBeGreaterThan(0);
  });

  it('counts a sign-in, a person waiting before any session exists', async () => {
    forgetWaits();
    const api = Router();
    api.post('/auth/login', (_req, res) => void res.json({}));
    await request(createApp({ session: session(null), api }))
      .post('/api/auth/login')
      .send({});
    expect(recentWaits().calls).toBe(1);
  });

  it("counts a person's call while it runs, with its wait so far, and once when answered", async () => {
    forgetWaits();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = Router();
    let arrived = 0;
    const bothArrived = new Promise<void>((resolve) => {
      const hold: RequestHandler = (_req, res) => {
        if (++arrived === 2) resolve();
        void answered.then(() => res.json({}));
      };
      api.get('/customers', hold);
      api.post('/integrations/whatsapp/webhook', hold);
    });
    const signedIn = request(createApp({ session: session('employee'), api }))
      .get('/api/customers')
      .then((res) => res);
    const meta = request(createApp({ session: session(null), api }))
      .post('/api/integrations/whatsapp/webhook')
      .send({})
      .then((res) => res);
    await bothArrived;
    // A timer may fire a fraction of a millisecond before the clock the waits are read on says.
    const heldFrom = performance.now();
    while (performance.now() - heldFrom < 300) await new Promise((r) => setTimeout(r, 20));
    const running = recentWaits();
    answer();
    // Only the person's call: Meta's callback carries no session.
    expect(running.calls).toBe(1);
    expect(running.p90Ms).toBeGreaterThanOrEqual(300);
    expect((await signedIn).status).toBe(200);
    expect((await meta).status).toBe(200);
    const ended = recentWaits();
    expect(ended.calls).toBe(1);
    expect(ended.p90Ms).toBeGreaterThanOrEqual(running.p90Ms);
  });

  it("counts a call with a session's credential while its session is still being checked", async () => {
    forgetWaits();
    let checked = () => {};
    const checking = new Promise<void>((resolve) => (checked = resolve));
    let atCheck = () => {};
    const bothAtCheck = new Promise<void>((resolve) => {
      let arrived = 0;
      atCheck = () => void (++arrived === 2 && resolve());
    });
    const slowCheck: RequestHandler = (_req, _res, next) => {
      atCheck();
      void checking.then(() => next());
    };
    const api = Router();
    api.get('/customers', (_req, res) => void res.json({}));
    api.post('/integrations/whatsapp/webhook', (_req, res) => void res.json({}));
    const app = createApp({ session: slowCheck, api });
    const person = request(app)
      .get('/api/customers')
      .set('Authorization', 'Bearer a-token')
      .then((res) => res);
    const meta = request(app)
      .post('/api/integrations/whatsapp/webhook')
      .send({})
      .then((res) => res);
    await bothAtCheck;
    expect(recentWaits().calls).toBe(1);
    checked();
    expect((await person).status).toBe(200);
    expect((await meta).status).toBe(200);
    expect(recentWaits().calls).toBe(1);
  });

  // The route table says which calls are not a person waiting (`notPeoplesWait`); `route()`
  // registers them so, as the app's own routes are.
  const noContent: RequestHandler = (_req, res) => void res.status(204).end();

  it("leaves out a code's request, whose answer waits for a floor on purpose", async () => {
    forgetWaits();
    const api = Router();
    route(api, 'POST /auth/otp/request', noContent);
    route(api, 'POST /auth/login', noContent);
    const app = createApp({ session: session(null), api });
    await request(app).post('/api/auth/otp/request').send({});
    expect(recentWaits().calls).toBe(0);
    // Signing in with a password is a person's wait.
    await request(app).post('/api/auth/login').send({});
    expect(recentWaits().calls).toBe(1);
  });

  it('leaves out the live stream, which lasts as long as the page, once its access is checked', async () => {
    forgetWaits();
    let streaming = () => {};
    const atStream = new Promise<void>((resolve) => (streaming = resolve));
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    const api = Router();
    route(api, 'GET /notifications/stream', (_req, res) => {
      streaming();
      void ended.then(() => res.end());
    });
    route(api, 'GET /inbox', noContent);
    const app = createApp({ session: session('employee'), api });
    const stream = request(app)
      .get('/api/notifications/stream')
      .then((res) => res);
    await atStream;
    expect(recentWaits().calls).toBe(0);
    end();
    expect((await stream).status).toBe(200);
    // Routing ignores case and a trailing slash.
    await request(app).get('/api/Notifications/Stream/');
    expect(recentWaits().calls).toBe(0);
    await request(app).get('/api/inbox');
    expect(recentWaits().calls).toBe(1);
  });

  it("leaves out a broadcast's start and send to new matches, which wait on its own queuing", async () => {
    forgetWaits();
    const api = Router();
    route(api, 'POST /broadcasts/:id/start', noContent);
    route(api, 'POST /broadcasts/:id/new-matches', noContent);
    route(api, 'GET /broadcasts/:id/new-matches', noContent);
    route(api, 'POST /broadcasts/:id/pause', noContent);
    const app = createApp({ session: session('admin'), api });
    await request(app).post('/api/broadcasts/b1/start');
    await request(app).post('/api/broadcasts/b1/new-matches/');
    expect(recentWaits().calls).toBe(0);
    // Counting the new matches and a pause are a person's waits like any other.
    await request(app).get('/api/broadcasts/b1/new-matches');
    await request(app).post('/api/broadcasts/b1/pause');
    expect(recentWaits().calls).toBe(2);
  });
});

describe("a broadcast's share of the throughput", () => {
  const slow = { calls: 10, p90Ms: PEOPLE_WAIT_MS + 1 };
  const quick = { calls: 10, p90Ms: 50 };
  const nobody = { calls: 0, p90Ms: 0 };

  it('halves while people wait, never below the smallest share', () => {
    expect(nextShare(1, slow)).toBe(0.5);
    expect(nextShare(0.5, slow)).toBe(0.25);
    let share = 1;
    for (let i = 0; i < 20; i++) share = nextShare(share, slow);
    expect(share).toBe(MIN_SHARE);
  });

  it("drops to the smallest share at once while calls wait past the people's second", () => {
    expect(nextShare(1, { calls: 10, p90Ms: PEOPLE_TARGET_MS + 1 })).toBe(MIN_SHARE);
    // Two calls still say nothing.
    expect(nextShare(1, { calls: 2, p90Ms: 5_000 })).toBeCloseTo(1);
  });

  it('grows back by a tenth a slot while calls are quick or nobody calls, up to the whole', () => {
    expect(nextShare(0.5, quick)).toBeCloseTo(0.6);
    expect(nextShare(0.5, nobody)).toBeCloseTo(0.6);
    expect(nextShare(1, quick)).toBe(1);
    // Two calls say nothing about waiting, however slow.
    expect(nextShare(0.5, { calls: 2, p90Ms: 5_000 })).toBeCloseTo(0.6);
  });

  it('holds between quick and slow', () => {
    expect(nextShare(0.5, { calls: 10, p90Ms: 300 })).toBe(0.5);
  });

  it('doubles while starting up and people are quick, halves as ever when they wait', () => {
    expect(nextShare(START_SHARE, quick, true)).toBe(2 * START_SHARE);
    expect(nextShare(0.75, nobody, true)).toBe(1);
    expect(nextShare(0.5, slow, true)).toBe(0.25);
  });
});

describe("a dispatcher run's pace", () => {
  /** The budgets of `slots` slots taken one after another at 80 a second. */
  const budgets = (pace: ReturnType<typeof peopleFirstPace>, slots: number) =>
    Array.from({ length: slots }, () => {
      const budget = pace.budget(80, recentWaits());
      pace.slotTaken();
      return budget;
    });
  const waitEach = (ms: number) => {
    for (let i = 0; i < 5; i++) recordPersonWait(ms);
  };

  it('starts at an eighth of the throughput and doubles to the whole while nobody waits', () => {
    forgetWaits();
    expect(budgets(peopleFirstPace(), 6)).toEqual([10, 20, 40, 80, 80, 80]);
  });

  it('moves on only when a slot is taken, not on a pass that found nothing to send', () => {
    forgetWaits();
    const pace = peopleFirstPace();
    expect([
      pace.budget(80, recentWaits()),
      pace.budget(80, recentWaits()),
      pace.budget(80, recentWaits()),
    ]).toEqual([10, 10, 10]);
    pace.slotTaken();
    expect(pace.budget(80, recentWaits())).toBe(20);
  });

  it('starts lower when people already wait, and then grows back by a tenth a slot', () => {
    forgetWaits();
    waitEach(PEOPLE_WAIT_MS + 100);
    const pace = peopleFirstPace();
    expect(budgets(pace, 1)).toEqual([80 * (START_SHARE / 2)]);
    forgetWaits();
    // Growth after the start is additive: a tenth a slot, no more doubling.
    expect(budgets(pace, 2)).toEqual([
      Math.floor(80 * (START_SHARE / 2 + 0.1)),
      Math.floor(80 * (START_SHARE / 2 + 0.2)),
    ]);
  });

  it('starts at its least when people wait past their second', () => {
    forgetWaits();
    waitEach(PEOPLE_TARGET_MS + 100);
    expect(budgets(peopleFirstPace(), 1)).toEqual([80 * MIN_SHARE]);
  });

  it('rests between slots while people wait past their second, a slot a second otherwise', () => {
    forgetWaits();
    const pace = peopleFirstPace();
    pace.budget(80, recentWaits());
    expect(pace.slotTaken()).toBe(SLOT_MS);
    waitEach(PEOPLE_WAIT_MS + 100);
    pace.budget(80, recentWaits());
    // Slow, not past their second: fewer messages, still a slot each second.
    expect(pace.slotTaken()).toBe(SLOT_MS);
    waitEach(PEOPLE_TARGET_MS + 100);
    expect(pace.budget(80, recentWaits())).toBe(80 * MIN_SHARE);
    expect(pace.slotTaken()).toBe(REST_MS);
    forgetWaits();
    pace.budget(80, recentWaits());
    expect(pace.slotTaken()).toBe(SLOT_MS);
  });

  it('leaves its doubling once a slot was held, the first included', () => {
    forgetWaits();
    waitEach(300); // between quick and slow: held
    const first = peopleFirstPace();
    expect(budgets(first, 1)).toEqual([10]);
    forgetWaits();
    expect(budgets(first, 1)).toEqual([Math.floor(80 * (START_SHARE + 0.1))]);

    const later = peopleFirstPace();
    expect(budgets(later, 1)).toEqual([10]);
    waitEach(300);
    expect(budgets(later, 1)).toEqual([10]);
    forgetWaits();
    expect(budgets(later, 1)).toEqual([Math.floor(80 * (START_SHARE + 0.1))]);
  });
});
