// A busy database is not a down one: the answers an instance's calls get (a sign-in's throttle,
// every call's session check) show the database answering, so the deadline cuts no request on
// a health probe that waited in the queue behind them.
import request from 'supertest';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app/app';
import { isUp } from '../../src/health/backends';
import { bearer, createAccount, login } from '../support/accounts';
import { resetBackends } from '../support/backends';
import { readCounters, resetCounters } from '../support/counters';

const app = createApp();
beforeEach(resetBackends);
afterEach(() => vi.useRealTimers());

/** Past the window in which an answer shows the database up (RECENT_ANSWER_MS, 5 s). */
const laterThanRecent = () => vi.setSystemTime(Date.now() + 6_000);

/** Documents read by a database check now: 1 when it had to probe, 0 when it knew. */
async function probeReads(): Promise<number> {
  await resetCounters();
  expect(await isUp('database')).toBe(true);
  return (await readCounters()).reads;
}

it('knows the database answers from a sign-in and from a session check, with no probe', async () => {
  const account = await createAccount();
  vi.useFakeTimers({ toFake: ['Date'] });

  laterThanRecent();
  expect(await probeReads()).toBe(1);

  laterThanRecent();
  const token = await login(app, account);
  expect(await probeReads()).toBe(0);

  laterThanRecent();
  const me = await request(app)
    .get('/api/auth/me')
    .set(...bearer(token));
  expect(me.status).toBe(200);
  expect(await probeReads()).toBe(0);
});
