// Where sign-in limits take the caller's address from, deployed (K_SERVICE set, not the
// emulator): the X-Forwarded-For entry Google's front end appended (the last one), or, through
// Hosting, the one Hosting's CDN appended before its own address. Whatever the caller writes
// (the list's left part, Fastly-Client-IP) neither escapes a limit nor puts another address
// under one. Locally the socket's peer counts.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../src/clock';
import { createApp } from '../../src/app/app';
import { createAccount, PASSWORD } from '../support/accounts';
import { resetBackends } from '../support/backends';

const app = createApp();
const FASTLY_EDGE = '151.101.2.15';

beforeEach(async () => {
  await resetBackends();
  setClock(() => Date.UTC(2026, 10, 21, 10, 0, 0));
  vi.stubEnv('K_SERVICE', 'api');
});
afterEach(() => {
  setClock();
  vi.unstubAllEnvs();
});

const forged = (i: number) => `10.9.${i % 250}.${i % 7}`;

function loginFrom(forwardedFor: string, email: string, password: string, fastly?: string) {
  const req = request(app)
    .post('/api/auth/login')
    .set('X-Forwarded-For', forwardedFor)
    .send({ email, password });
  return fastly ? req.set('Fastly-Client-IP', fastly) : req;
}

describe('the address per-address limits count', () => {
  it("is the one Google's front end appended: changing the forgeable headers does not escape the limit", async () => {
    for (let i = 0; i < 30; i++) {
      const res = await loginFrom(
        `${forged(i)}, 203.0.113.9`,
        `nobody-${i}@example.in`,
        'wrong-password',
        `198.18.0.${i}`,
      );
      expect(res.status).toBe(401);
    }
    const sales = await createAccount();
    const res = await loginFrom(`${forged(99)}, 203.0.113.9`, sales.email, PASSWORD, '1.1.1.1');
    expect(res.status).toBe(429);
  });

  it("through Hosting, is the browser's address Hosting's CDN appended before its own", async () => {
    for (let i = 0; i < 30; i++) {
      const res = await loginFrom(
        `${forged(i)}, 198.51.100.7, ${FASTLY_EDGE}`,
        `nobody-${i}@example.in`,
        'wrong-password',
      );
      expect(res.status).toBe(401);
    }
    const sales = await createAccount();
    const same = await loginFrom(`198.51.100.7, ${FASTLY_EDGE}`, sales.email, PASSWORD);
    expect(same.status).toBe(429);
    // Someone else behind the same CDN edge is not held up.
    const other = await loginFrom(`198.51.100.8, ${FASTLY_EDGE}`, sales.email, PASSWORD);
    expect(other.status).toBe(200);
  });

  it("cannot be set to someone else's: forged headers lock nobody else out", async () => {
    // The attacker at 203.0.113.66 claims to be 198.51.100.50 in every header it can write.
    for (let i = 0; i < 30; i++) {
      const res = await loginFrom(
        '198.51.100.50, 203.0.113.66',
        `nobody-${i}@example.in`,
        'wrong-password',
        '198.51.100.50',
      );
      expect(res.status).toBe(401);
    }
    const victim = await createAccount();
    expect((await loginFrom('198.51.100.50', victim.email, PASSWORD)).status).toBe(200);
    const attacker = await loginFrom('198.51.100.77, 203.0.113.66', victim.email, PASSWORD);
    expect(attacker.status).toBe(429);
  });

  it("on the local stack is the socket's peer for a call that did not come through the front", async () => {
    vi.stubEnv('CRM_FRONT_SECRET', 'the-front-secret');
    const owner = await createAccount();
    // Straight to an instance, a new X-Forwarded-For each time: one address all the same.
    for (let i = 0; i < 5; i++)
      expect((await loginFrom(`203.0.113.${i}`, owner.email, 'wrong')).status).toBe(401);
    const sixth = await loginFrom('203.0.113.77', owner.email, PASSWORD);
    expect(sixth.status).toBe(429);
    // Through the front (its secret), the address the front wrote counts.
    const throughFront = await loginFrom('203.0.113.77', owner.email, PASSWORD).set(
      'X-CRM-Front',
      'the-front-secret',
    );
    expect(throughFront.status).toBe(200);
    const guessed = await loginFrom('203.0.113.78', owner.email, PASSWORD).set(
      'X-CRM-Front',
      'a-guess',
    );
    expect(guessed.status).toBe(429);
  });

  it("on the local stack (the functions emulator) is the socket's peer, whatever the headers say", async () => {
    vi.stubEnv('FUNCTIONS_EMULATOR', 'true');
    for (let i = 0; i < 30; i++)
      await loginFrom(`${forged(i)}, 203.0.113.${i}`, `nobody-${i}@example.in`, 'wrong-password');
    const sales = await createAccount();
    expect((await loginFrom('203.0.113.200', sales.email, PASSWORD)).status).toBe(429);
  });
});
