import { getAuth } from 'firebase-admin/auth';
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWithCustomToken } from '../../src/features/accounts/identity-toolkit';
import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { SESSION_LIFETIME_MS, sessionRef } from '../../src/domain/identity/sessions';
import { getDb, getFirebaseApp } from '../../src/firebase';
import { createApp } from '../../src/app/app';
import {
  bearer,
  createAccount,
  createRole,
  login,
  mintSession,
  type TestAccount,
} from '../support/accounts';
import { resetBackends } from '../support/backends';
import { readCounters, resetCounters } from '../support/counters';

const app = createApp();
beforeEach(resetBackends);

const me = (token?: string) => {
  const call = request(app).get('/api/auth/me');
  return token ? call.set(...bearer(token)) : call;
};
const signInRequired = { message: 'Sign in required' };

async function adminToken(): Promise<string> {
  return login(app, await createAccount({ role: 'admin' }));
}

describe('GET /api/auth/me', () => {
  it('answers the signed-in user, role and effective permissions', async () => {
    const sales = await createAccount({
      role: 'sales',
      fullName: 'Suresh',
      phone: '+919800000002',
    });
    const res = await me(await login(app, sales));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: {
        _id: sales.uid,
        fullName: 'Suresh',
        name: 'Suresh',
        email: sales.email,
        phone: '+919800000002',
        role: 'sales',
        approved: true,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      role: 'sales',
      // The employee baseline plus the built-in sales list, without duplicates.
      permissions: [
        'customers.read',
        'customers.write',
        'entries.read',
        'entries.write',
        'templates.read',
      ],
    });
  });

  it('gives accounts its list on top of the baseline, admin *, a custom role its stored list', async () => {
    const accounts = await createAccount({ role: 'accounts' });
    expect((await me(await login(app, accounts))).body.permissions).toEqual([
      'customers.read',
      'customers.write',
      'entries.read',
      'entries.write',
      'templates.read',
      'payments.write',
      'reports.read',
      'reports.export',
      'customers.export',
    ]);
    const admin = await createAccount({ role: 'admin' });
    expect((await me(await login(app, admin))).body.permissions).toEqual(['*']);
    await createRole('support', ['reports.read', 'customers.read']);
    const support = await createAccount({ role: 'Support' });
    const res = await me(await login(app, support));
    expect(res.body.role).toBe('support');
    expect(res.body.permissions).toContain('reports.read');
    expect(res.body.permissions).not.toContain('payments.write');
  });

  it('answers 401 without a token, with a bad one, or with a malformed Authorization header', async () => {
    expect((await me()).status).toBe(401);
    expect((await me()).body).toEqual(signInRequired);
    expect((await me('not-a-token')).status).toBe(401);
    expect((await request(app).get('/api/auth/me').set('Cookie', '__session=abc')).status).toBe(
      401,
    );
    const sales = await createAccount();
    const token = await login(app, sales);
    expect((await request(app).get('/api/auth/me').set('Authorization', token)).status).toBe(401);
  });

  it('reads the token from the __session cookie too', async () => {
    const token = await login(app, await createAccount());
    const res = await request(app).get('/api/auth/me').set('Cookie', `__session=${token}`);
    expect(res.status).toBe(200);
  });
});

describe('calls at once', () => {
  it('of one session share one check of it; a call after it checks again', async () => {
    const sales = await createAccount({ role: 'sales' });
    const token = await login(app, sales);
    const auth = getAuth(getFirebaseApp());
    const lookups = vi.spyOn(auth, 'getUsers');
    try {
      // As a page makes its calls: all at once, with the same token.
      const answers = await Promise.all(Array.from({ length: 9 }, () => me(token)));
      expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
      expect(lookups.mock.calls.length).toBeLessThan(9);
      const checksAtOnce = lookups.mock.calls.length;
      // A call after they ended is checked afresh: the logout's own check asks Firebase again,
      // and the call after it finds the record gone (401) without asking.
      await request(app)
        .post('/api/auth/logout')
        .set(...bearer(token));
      expect(lookups.mock.calls.length).toBe(checksAtOnce + 1);
      expect((await me(token)).status).toBe(401);
    } finally {
      lookups.mockRestore();
    }
  });

  it("of many sessions share one read and one lookup at Firebase, which still refuses each account's own", async () => {
    const people = await Promise.all(
      Array.from({ length: 6 }, () => createAccount({ role: 'sales' })),
    );
    const tokens = await Promise.all(people.map((p) => login(app, p)));
    await getAuth(getFirebaseApp()).updateUser(people[1].uid, { disabled: true });
    // Firebase revocation counts whole seconds from the sign-in.
    await new Promise((r) => setTimeout(r, 1100));
    await getAuth(getFirebaseApp()).revokeRefreshTokens(people[2].uid);
    await getAuth(getFirebaseApp()).deleteUser(people[3].uid);
    const lookups = vi.spyOn(getAuth(getFirebaseApp()), 'getUsers');
    try {
      await resetCounters();
      // In one turn of the event loop, as a busy instance receives them.
      const statuses = (await Promise.all(tokens.map((t) => me(t)))).map((a) => a.status);
      expect(statuses).toEqual([200, 401, 401, 401, 200, 200]);
      expect(lookups).toHaveBeenCalledTimes(1);
      expect(lookups.mock.calls[0][0]).toHaveLength(6);
      // One read per record, and /auth/me's own read of each user still signed in.
      expect((await readCounters()).reads).toBe(6 + 3);
    } finally {
      lookups.mockRestore();
    }
  });

  it('asks Firebase about each account alone when it refuses the lookup as a whole', async () => {
    const people = await Promise.all([createAccount(), createAccount()]);
    const tokens = await Promise.all(people.map((p) => login(app, p)));
    const auth = getAuth(getFirebaseApp());
    const lookups = vi
      .spyOn(auth, 'getUsers')
      .mockRejectedValueOnce(
        Object.assign(new Error('Bad request'), { code: 'auth/invalid-argument' }),
      );
    const alone = vi.spyOn(auth, 'getUser');
    try {
      const statuses = (await Promise.all(tokens.map((t) => me(t)))).map((a) => a.status);
      expect(statuses).toEqual([200, 200]);
      expect(alone.mock.calls.map(([uid]) => uid).sort()).toEqual(people.map((p) => p.uid).sort());
    } finally {
      lookups.mockRestore();
      alone.mockRestore();
    }
  });
});

describe('sessions end on the next call', () => {
  let sales: TestAccount;
  beforeEach(async () => {
    sales = await createAccount({ role: 'sales' });
  });

  it('after logout (in the same second as the login), by header or cookie; the cookie is cleared', async () => {
    const token = await login(app, sales);
    const res = await request(app)
      .post('/api/auth/logout')
      .set(...bearer(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logged out' });
    expect(String(res.headers['set-cookie'])).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await me(token)).status).toBe(401);

    const other = await login(app, sales);
    await request(app)
      .post('/api/auth/logout')
      .set('Cookie', `__session=${other}`)
      .set('Sec-Fetch-Site', 'same-origin');
    expect((await me(other)).status).toBe(401);
  });

  it('logout ends only that session; with everywhere: true, every session of the account', async () => {
    // Two sign-ins of one account in the same second: two sessions all the same.
    const [laptop, phone] = await Promise.all([login(app, sales), login(app, sales)]);
    expect(phone).not.toBe(laptop);
    await request(app)
      .post('/api/auth/logout')
      .set(...bearer(laptop));
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(200);

    const tablet = await login(app, sales);
    const res = await request(app)
      .post('/api/auth/logout')
      .set(...bearer(phone))
      .send({ everywhere: true });
    expect(res.status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(tablet)).status).toBe(401);
    expect((await getDb().collection('sessions').where('uid', '==', sales.uid).get()).size).toBe(0);
    // A new sign-in works at once.
    expect((await me(await login(app, sales))).status).toBe(200);
  });

  it('logout without a session still answers 200 and clears the cookie', async () => {
    const res = await request(app).post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('__session=;');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it("when Firebase revokes the account's tokens", async () => {
    const token = await login(app, sales);
    // Firebase revocation counts whole seconds from the sign-in.
    await new Promise((r) => setTimeout(r, 1100));
    await getAuth(getFirebaseApp()).revokeRefreshTokens(sales.uid);
    expect((await me(token)).status).toBe(401);
  });

  it('after an admin rejects the account', async () => {
    const token = await login(app, sales);
    const res = await request(app)
      .delete(`/api/admin/users/${sales.uid}/reject`)
      .set(...bearer(await adminToken()));
    expect(res.status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it('after a role change: the next call has the new role and permissions', async () => {
    const token = await login(app, sales);
    const admin = await adminToken();
    expect(
      (
        await request(app)
          .get('/api/admin/roles')
          .set(...bearer(token))
      ).status,
    ).toBe(403);

    await request(app)
      .post(`/api/admin/users/${sales.uid}/approve`)
      .set(...bearer(admin))
      .send({ role: 'accounts' });
    const res = await me(token);
    expect(res.body.role).toBe('accounts');
    expect(res.body.permissions).toContain('reports.export');

    await request(app)
      .post('/api/admin/users/assign-role')
      .set(...bearer(admin))
      .send({ role: 'admin', userIds: [sales.uid] });
    expect(
      (
        await request(app)
          .get('/api/admin/roles')
          .set(...bearer(token))
      ).status,
    ).toBe(200);
  });

  it("after the role's permissions change", async () => {
    const roleId = await createRole('support', ['reports.read']);
    const support = await createAccount({ role: 'support' });
    const token = await login(app, support);
    expect((await me(token)).body.permissions).toContain('reports.read');
    await request(app)
      .put(`/api/admin/roles/${roleId}`)
      .set(...bearer(await adminToken()))
      .send({ name: 'support', permissions: ['payments.read'] });
    const res = await me(token);
    expect(res.body.permissions).toContain('payments.read');
    expect(res.body.permissions).not.toContain('reports.read');
  });

  it('when the account is disabled', async () => {
    const token = await login(app, sales);
    await getAuth(getFirebaseApp()).updateUser(sales.uid, { disabled: true });
    expect((await me(token)).status).toBe(401);
  });

  it('after a password change', async () => {
    const token = await login(app, sales);
    // Firebase dates a password change in whole seconds from the sign-in.
    await new Promise((r) => setTimeout(r, 1100));
    await getAuth(getFirebaseApp()).updateUser(sales.uid, { password: 'a-new-password-1' });
    expect((await me(token)).status).toBe(401);
  });

  it('on every instance: a sign-out or role change made on one is seen by the next call on another', async () => {
    const [one, other] = [createApp(), createApp()];
    const token = await login(one, sales);
    const admin = await adminToken();
    expect(
      (
        await request(other)
          .get('/api/auth/me')
          .set(...bearer(token))
      ).body.role,
    ).toBe('sales');
    await request(one)
      .post(`/api/admin/users/${sales.uid}/approve`)
      .set(...bearer(admin))
      .send({ role: 'accounts' });
    expect(
      (
        await request(other)
          .get('/api/auth/me')
          .set(...bearer(token))
      ).body.role,
    ).toBe('accounts');
    await request(one)
      .post('/api/auth/logout')
      .set(...bearer(token));
    expect(
      (
        await request(other)
          .get('/api/auth/me')
          .set(...bearer(token))
      ).status,
    ).toBe(401);
  });

  it('a check reads one document: the session record carries approval, role and permissions', async () => {
    const token = await login(app, sales);
    await resetCounters();
    expect(
      (
        await request(app)
          .get('/api/settings/public')
          .set(...bearer(token))
      ).status,
    ).toBe(200);
    const withSession = (await readCounters()).reads;
    await resetCounters();
    expect((await request(app).get('/api/settings/public')).status).toBe(200);
    expect(withSession - (await readCounters()).reads).toBe(1);
  });

  it('an unapproved account signed in at Firebase has no session', async () => {
    const pending = await createAccount({ approved: false });
    const token = await mintSession(pending.uid);
    expect((await getAuth(getFirebaseApp()).getUser(pending.uid)).disabled).toBe(false);
    expect((await me(token)).status).toBe(401);
  });

  it('a token this API did not issue is no session: a Firebase session cookie, or a made-up one, which costs no call to Firebase', async () => {
    const custom = await getAuth(getFirebaseApp()).createCustomToken(sales.uid);
    const idToken = await signInWithCustomToken(custom);
    const foreign = await getAuth(getFirebaseApp()).createSessionCookie(idToken, {
      expiresIn: 60 * 60 * 1000,
    });
    expect((await me(foreign)).status).toBe(401);
    const lookups = vi.spyOn(getAuth(getFirebaseApp()), 'getUsers');
    try {
      expect((await me(randomBytes(32).toString('base64url'))).status).toBe(401);
      expect(lookups).not.toHaveBeenCalled();
      expect((await me(await login(app, sales))).status).toBe(200);
      expect(lookups).toHaveBeenCalledWith([{ uid: sales.uid }]);
    } finally {
      lookups.mockRestore();
    }
  });

  it('ends when the Firebase account is deleted outside the API', async () => {
    const token = await login(app, sales);
    await getAuth(getFirebaseApp()).deleteUser(sales.uid);
    expect((await me(token)).status).toBe(401);
  });

  it('is 503, not 401, while Firebase cannot answer (over its quota): the session is kept', async () => {
    const token = await login(app, sales);
    const lookups = vi
      .spyOn(getAuth(getFirebaseApp()), 'getUsers')
      .mockRejectedValueOnce(
        Object.assign(new Error('Quota exceeded'), { code: 'auth/quota-exceeded' }),
      );
    try {
      expect((await me(token)).status).toBe(503);
      expect((await me(token)).status).toBe(200);
    } finally {
      lookups.mockRestore();
    }
  });

  it('ends when its record expires, before Firestore removes the record', async () => {
    const token = await login(app, sales);
    await sessionRef(token).update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    expect((await me(token)).status).toBe(401);
  });

  it('a token issued before this format (a Firebase session cookie and an id) works until it expires', async () => {
    const custom = await getAuth(getFirebaseApp()).createCustomToken(sales.uid);
    const cookie = await getAuth(getFirebaseApp()).createSessionCookie(
      await signInWithCustomToken(custom),
      { expiresIn: SESSION_LIFETIME_MS },
    );
    const token = `${cookie}~${randomBytes(16).toString('base64url')}`;
    const record = sessionRef(token);
    await record.set({
      uid: sales.uid,
      email: sales.email,
      method: 'password',
      expiresAt: Timestamp.fromMillis(Date.now() + SESSION_LIFETIME_MS),
      approved: true,
      role: 'sales',
      permissions: ['customers.read'],
    });
    const res = await me(token);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(sales.email);
    await getAuth(getFirebaseApp()).updateUser(sales.uid, { disabled: true });
    expect((await me(token)).status).toBe(401);
  });
});
