import { getAuth } from 'firebase-admin/auth';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../src/clock';
import { SESSION_LIFETIME_MS, sessionRef } from '../../src/domain/identity/sessions';
import { getDb, getFirebaseApp } from '../../src/firebase';
import { createApp } from '../../src/app/app';
import { bearer, createAccount, PASSWORD } from '../support/accounts';
import { resetBackends } from '../support/backends';

const app = createApp();
let time = 0;

beforeEach(async () => {
  await resetBackends();
  time = Date.UTC(2026, 10, 21, 10, 0, 0);
  setClock(() => time);
});
afterEach(() => setClock());

const loginAs = (email: string, password: string) =>
  request(app).post('/api/auth/login').send({ email, password });

describe('POST /api/auth/login', () => {
  it('signs an approved account in: token, role, permissions, user and an HttpOnly __session cookie', async () => {
    const sales = await createAccount({ role: 'sales', fullName: 'Suresh Sales' });
    const res = await loginAs(sales.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      role: 'sales',
      permissions: expect.any(Array),
      user: { id: sales.uid, fullName: 'Suresh Sales', email: sales.email, role: 'sales' },
    });
    // The permissions the session has, as GET /auth/me answers them (the screens show by them).
    const me = await request(app)
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${res.body.token}`);
    expect(res.body.permissions).toEqual(me.body.permissions);
    expect(res.body.permissions.length).toBeGreaterThan(0);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`__session=${res.body.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toContain(`Max-Age=${SESSION_LIFETIME_MS / 1000}`);
    // Firebase Hosting passes Set-Cookie on only when the answer is private.
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The token is 32 random bytes; its record names the account and lasts 5 days.
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const record = await sessionRef(res.body.token).get();
    expect(record.get('uid')).toBe(sales.uid);
    const lifetime = record.get('expiresAt').toMillis() - record.get('createdAt').toMillis();
    expect(Math.abs(lifetime - SESSION_LIFETIME_MS)).toBeLessThan(5_000);
    expect(record.get('authTime')).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('takes the email in any case and with spaces', async () => {
    const sales = await createAccount({ email: 'mixed@example.in' });
    const res = await loginAs('  Mixed@Example.IN ', PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(sales.uid);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const sales = await createAccount();
    for (const [email, password] of [
      [sales.email, 'wrong-password'],
      ['nobody@example.in', PASSWORD],
    ]) {
      const res = await loginAs(email, password);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid email or password' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses an unapproved account with a clear 403, only after the password is right', async () => {
    const pending = await createAccount({ approved: false });
    const wrong = await loginAs(pending.email, 'wrong-password');
    expect(wrong.status).toBe(401);
    const res = await loginAs(pending.email, PASSWORD);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Your account is awaiting admin approval. You can sign in once an admin approves it.',
    );
    expect(res.headers['set-cookie']).toBeUndefined();
    // The check is the session's own transaction: refused, it stores no session record.
    expect((await getDb().collection('sessions').where('uid', '==', pending.uid).get()).size).toBe(
      0,
    );
  });

  it('refuses an account with no users document, and a disabled one', async () => {
    const { uid } = await getAuth(getFirebaseApp()).createUser({
      email: 'orphan@example.in',
      password: PASSWORD,
    });
    expect(uid).toBeTruthy();
    const orphan = await loginAs('orphan@example.in', PASSWORD);
    expect(orphan.status).toBe(403);
    expect(orphan.body.message).toBe(
      'This account has no access to the console. Contact an admin.',
    );
    expect((await getDb().collection('sessions').where('uid', '==', uid).get()).size).toBe(0);

    const disabled = await createAccount();
    await getAuth(getFirebaseApp()).updateUser(disabled.uid, { disabled: true });
    const res = await loginAs(disabled.email, PASSWORD);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This account is disabled. Contact an admin.');
  });

  it('validates the body', async () => {
    const res = await request(app).post('/api/auth/login').send({ email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      email: 'Enter a valid email address',
      password: 'Password required',
    });
  });
});

describe('password login limits', () => {
  it('refuses a 6th try from the same address for a minute (even the right password), with Retry-After', async () => {
    const sales = await createAccount();
    for (let i = 0; i < 5; i++)
      expect((await loginAs(sales.email, 'wrong-password')).status).toBe(401);
    const blocked = await loginAs(sales.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(blocked.headers['retry-after']).toBe('60');
    // Another account from the same address is not held up by this one's failures.
    const other = await createAccount();
    expect((await loginAs(other.email, PASSWORD)).status).toBe(200);
    time += 60_000;
    expect((await loginAs(sales.email, PASSWORD)).status).toBe(200);
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    const sales = await createAccount();
    for (let i = 0; i < 4; i++) await loginAs(sales.email, 'wrong-password');
    expect((await loginAs(sales.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await loginAs(sales.email, 'wrong-password')).status).toBe(401);
    expect((await loginAs(sales.email, PASSWORD)).status).toBe(200);
  });

  it('refuses an address after 30 failures across emails', async () => {
    for (let i = 0; i < 30; i++)
      expect((await loginAs(`nobody-${i}@example.in`, 'wrong-password')).status).toBe(401);
    const sales = await createAccount();
    const res = await loginAs(sales.email, PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    time += 15 * 60_000;
    expect((await loginAs(sales.email, PASSWORD)).status).toBe(200);
  });

  it('keeps the counters in Firestore (they hold across function instances), keys hashed', async () => {
    await loginAs('someone@example.in', 'wrong-password');
    const counters = await getDb().collection('rateLimits').get();
    expect(counters.docs.map((d) => d.get('scope')).sort()).toEqual([
      'login-email',
      'login-ip',
      'login-pair',
    ]);
    expect(JSON.stringify(counters.docs.map((d) => d.data()))).not.toContain('someone');
  });
});

describe('the session a login starts', () => {
  it('opens admin routes for an admin by Bearer header or by the __session cookie', async () => {
    const admin = await createAccount({ role: 'admin' });
    const res = await loginAs(admin.email, PASSWORD);
    const { token } = res.body as { token: string };
    expect(
      (
        await request(app)
          .get('/api/admin/roles')
          .set(...bearer(token))
      ).status,
    ).toBe(200);
    expect(
      (await request(app).get('/api/admin/roles').set('Cookie', `__session=${token}`)).status,
    ).toBe(200);
  });
});
