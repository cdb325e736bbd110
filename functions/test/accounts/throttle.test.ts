// Sign-in throttling that keeps guessing out without locking the owner out: failures count per
// account and source address with rising waits, an address has its own ceiling over all
// accounts, and an account a higher one over all addresses, past which only addresses it has
// signed in from before may try. Addresses come as Google's front end appends them (deployed).
import { Firestore } from 'firebase-admin/firestore';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../src/clock';
import { PASSWORD_THROTTLE } from '../../src/features/accounts/login';
import { otpSettings } from '../../src/features/accounts/otp';
import { addressCounterRef } from '../../src/features/accounts/take-tries';
import { createApp } from '../../src/app/app';
import { sendEmail } from '../../src/integrations';
import { createAccount, PASSWORD, type TestAccount } from '../support/accounts';
import { resetBackends } from '../support/backends';

vi.mock('../../src/integrations', () => ({ sendEmail: vi.fn(), sendWhatsApp: vi.fn() }));

const app = createApp();
let time = 0;
let owner: TestAccount;

beforeEach(async () => {
  await resetBackends();
  time = Date.UTC(2026, 10, 21, 10, 0, 0);
  setClock(() => time);
  vi.stubEnv('K_SERVICE', 'api');
  vi.mocked(sendEmail)
    .mockReset()
    .mockResolvedValue({ ok: true, provider: 'test', messageId: 'm1' });
  otpSettings.answerFloorMs = 0;
  owner = await createAccount({ role: 'admin', email: 'owner@example.in' });
});
afterEach(() => {
  setClock();
  vi.unstubAllEnvs();
});

const loginFrom = (ip: string, password: string, email = owner.email) =>
  request(app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });
const askFrom = (ip: string, identifier = owner.email) =>
  request(app).post('/api/auth/otp/request').set('X-Forwarded-For', ip).send({ identifier });

describe('wrong passwords', () => {
  it('slow only the address they come from: the owner elsewhere still gets in', async () => {
    for (let i = 0; i < 5; i++) expect((await loginFrom('203.0.113.1', 'wrong')).status).toBe(401);
    expect((await loginFrom('203.0.113.1', PASSWORD)).status).toBe(429);
    expect((await loginFrom('198.51.100.20', PASSWORD)).status).toBe(200);
  });

  it('sent 100 at once, have at most 5 checked; the rest are 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => loginFrom('203.0.113.7', 'wrong')),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(95);
  });

  it('sent at once to two instances (each taking turns only within itself), still have 5 checked, no more', async () => {
    // A second copy of the modules is a second instance: its own turns, its own client.
    vi.resetModules();
    (await import('../../src/clock.js')).setClock(() => time);
    const other = (await import('../../src/app/app.js')).createApp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request(i % 2 ? app : other)
          .post('/api/auth/login')
          .set('X-Forwarded-For', '203.0.113.8')
          .send({ email: owner.email, password: 'wrong' }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBe(5);
  });

  it('a take the database will not commit (lost to other transactions) is a 503, and that try is not counted', async () => {
    expect((await loginFrom('203.0.113.9', 'wrong')).status).toBe(401);
    const lost = Object.assign(new Error('too much contention'), { code: 10 });
    const take = vi.spyOn(Firestore.prototype, 'runTransaction').mockRejectedValueOnce(lost);
    const res = await loginFrom('203.0.113.9', PASSWORD);
    take.mockRestore();
    expect(res.status).toBe(503);
    for (let i = 0; i < 4; i++) expect((await loginFrom('203.0.113.9', 'wrong')).status).toBe(401);
    expect((await loginFrom('203.0.113.9', 'wrong')).status).toBe(429);
  });

  it('for 40 accounts from one address at once meet the address limit of 30: no more are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        loginFrom('203.0.113.40', 'wrong', `nobody${i}@example.in`),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBe(30);
    // The owner elsewhere is not affected; from there, the right password waits too.
    expect((await loginFrom('198.51.100.20', PASSWORD)).status).toBe(200);
    expect((await loginFrom('203.0.113.40', PASSWORD)).status).toBe(429);
  });

  it('right passwords do not count against the address: a team of 45 signs in from one office at once', async () => {
    const team = await Promise.all(
      Array.from({ length: 45 }, (_, i) => createAccount({ email: `member${i}@example.in` })),
    );
    // All at 9:30 from the office's one address: more than its limit of 30 are being checked at
    // once, and those past 30 wait for the places the others give back instead of a 429.
    const answers = await Promise.all(
      team.map((member) => loginFrom('203.0.113.50', PASSWORD, member.email)),
    );
    expect(answers.map((res) => res.status)).toEqual(team.map(() => 200));
    // Each place given back once its session was made, in writes of many at a time: none is
    // counted or held any more.
    const address = await addressCounterRef(PASSWORD_THROTTLE, '203.0.113.50').get();
    expect([address.get('count'), address.get('inFlight')]).toEqual([0, 0]);
    for (let i = 0; i < 30; i++)
      expect((await loginFrom('203.0.113.50', 'wrong', `nobody${i}@example.in`)).status).toBe(401);
    expect((await loginFrom('203.0.113.50', 'wrong', 'one-more@example.in')).status).toBe(429);
  });

  it('a try that waited its time for places held by tries still being checked is told the address is busy, not that it failed', async () => {
    // Every place of the address held by tries being checked (their instance died mid-check: the
    // places come back only with the window). The right password waits, then is refused as busy.
    await addressCounterRef(PASSWORD_THROTTLE, '203.0.113.60').set({
      scope: PASSWORD_THROTTLE.perAddress.scope,
      count: PASSWORD_THROTTLE.perAddress.max,
      inFlight: PASSWORD_THROTTLE.perAddress.max,
      windowStart: time,
    });
    // The wait is judged on the app's clock each time the try looks again (every half second):
    // the clock runs 20 times as fast meanwhile, still within the address's window.
    const ticker = setInterval(() => (time += 5_000), 250);
    const refused = await loginFrom('203.0.113.60', PASSWORD);
    clearInterval(ticker);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Too many sign-ins at once from this address. Try again in a few seconds.',
    );
    expect(refused.headers['retry-after']).toBe('5');
    // Nothing was counted against the account: from elsewhere it signs in.
    expect((await loginFrom('198.51.100.20', PASSWORD)).status).toBe(200);
  });

  it('a right password sent among 30 wrong ones from one address is refused once those are failures', async () => {
    const member = await createAccount({ email: 'member@example.in' });
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        loginFrom('203.0.113.60', 'wrong', `nobody${i}@example.in`),
      ),
      loginFrom('203.0.113.60', PASSWORD, member.email),
    ]);
    expect(answers.slice(0, 30).map((res) => res.status)).toEqual(
      answers.slice(0, 30).map(() => 401),
    );
    expect(answers[30].status).toBe(429);
    expect(answers[30].body.message).toMatch(/^Too many failed sign-in attempts\. Try again in/);
  });

  it('make each further try from that address wait longer: 1, 2, 4 minutes…', async () => {
    for (let i = 0; i < 5; i++) await loginFrom('203.0.113.1', 'wrong');
    const waits: string[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await loginFrom('203.0.113.1', 'wrong');
      waits.push(String(refused.headers['retry-after']));
      time += Number(refused.headers['retry-after']) * 1000;
      expect((await loginFrom('203.0.113.1', 'wrong')).status).toBe(401);
    }
    expect(waits).toEqual(['60', '120', '240']);
    const refused = await loginFrom('203.0.113.1', PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many failed sign-in attempts. Try again in 8 minutes.');
  });

  it('spread over many addresses meet the account-wide ceiling, past which only known addresses try', async () => {
    // The owner has signed in from the office before.
    expect((await loginFrom('198.51.100.20', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 50; i++) await loginFrom(`203.0.113.${i}`, 'wrong');
    const newPlace = await loginFrom('192.0.2.44', PASSWORD);
    expect(newPlace.status).toBe(429);
    expect(newPlace.body.message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minutes\.$/,
    );
    expect((await loginFrom('198.51.100.20', PASSWORD)).status).toBe(200);
    // The ceiling's window is an hour.
    time += 60 * 60_000;
    expect((await loginFrom('192.0.2.44', PASSWORD)).status).toBe(200);
  });
});

describe('OTP requests', () => {
  it('from one address do not use up OTP sign-in for the owner elsewhere', async () => {
    for (let i = 0; i < 3; i++) expect((await askFrom('203.0.113.1')).status).toBe(200);
    expect((await askFrom('203.0.113.1')).status).toBe(429);
    expect((await askFrom('198.51.100.20')).status).toBe(200);
  });

  it('sent 25 at once from one address meet its limit of 20: no more are answered', async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => askFrom('203.0.113.60', `nobody${i}@example.in`)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBe(20);
  });

  it('meet a ceiling of 10 an hour per identifier, so an inbox cannot be flooded', async () => {
    for (let i = 0; i < 10; i++) expect((await askFrom(`203.0.113.${i}`)).status).toBe(200);
    expect((await askFrom('203.0.113.99')).status).toBe(429);
    expect(sendEmail).toHaveBeenCalledTimes(10);
  });
});
