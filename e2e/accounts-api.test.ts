// The accounts API through the real local stack's Hosting rewrite (what the browser talks to):
// the __session cookie survives the rewrite both ways, the local stack answers OTP codes, and
// logging out ends the session at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser.ts';
import { DEMO } from './support/session.ts';
import { sentMessages } from './support/outbox.ts';

const ADMIN = DEMO.admin;
const PERSON = {
  fullName: 'Api Person',
  email: `api-person-${Date.now()}@example.in`,
  password: 'api-person-123',
};

function call(path: string, init: { method?: string; body?: unknown; headers?: object } = {}) {
  return fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

let adminToken: string;

beforeAll(async () => {
  const res = await call('/auth/login', { body: ADMIN });
  expect(res.status).toBe(200);
  adminToken = ((await res.json()) as { token: string }).token;
  expect((await call('/auth/register', { body: PERSON })).status).toBe(201);
  const pending = (await (
    await call('/admin/users/pending', { headers: { Authorization: `Bearer ${adminToken}` } })
  ).json()) as { _id: string; email: string }[];
  const id = pending.find((u) => u.email === PERSON.email)!._id;
  const approve = await call(`/admin/users/${id}/approve`, {
    body: { role: 'sales' },
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  expect(approve.status).toBe(200);
});

describe('the accounts API through Hosting', () => {
  it('sets the HttpOnly __session cookie on login, and the cookie alone signs calls in', async () => {
    const res = await call('/auth/login', {
      body: { email: PERSON.email, password: PERSON.password },
    });
    expect(res.status).toBe(200);
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^__session=[^;]+;.*HttpOnly.*Secure.*SameSite=Strict/);
    const me = await call('/auth/me', { headers: { Cookie: cookie.split(';')[0] } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(PERSON.email);
  });

  it('never answers the OTP code; the code the outbox received signs in', async () => {
    const request = await call('/auth/otp/request', { body: { identifier: PERSON.email } });
    expect(await request.json()).toEqual({ message: 'OTP sent' });
    const code = (await sentMessages())
      .filter((m) => m.to.includes(PERSON.email))
      .map((m) => /^Your sign-in code: (\d{6})$/.exec(m.summary)?.[1])
      .filter((c) => c !== undefined)
      .at(-1);
    expect(code).toMatch(/^\d{6}$/);
    const verify = await call('/auth/otp/verify', { body: { identifier: PERSON.email, code } });
    expect(verify.status).toBe(200);
    expect(((await verify.json()) as { role: string }).role).toBe('sales');
  });

  it('ends the session at logout', async () => {
    const res = await call('/auth/login', {
      body: { email: PERSON.email, password: PERSON.password },
    });
    const { token } = (await res.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };
    expect((await call('/auth/me', { headers: auth })).status).toBe(200);
    expect((await call('/auth/logout', { body: {}, headers: auth })).status).toBe(200);
    expect((await call('/auth/me', { headers: auth })).status).toBe(401);
  });

  it('answers malformed JSON with the 400 envelope, not the runtime page', async () => {
    const res = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": "a@b.in", "password": ',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message: 'Malformed JSON body' });
  });

  it('refuses a cross-site form riding the cookie, and writes nothing', async () => {
    const login = await call('/auth/login', {
      body: { email: PERSON.email, password: PERSON.password },
    });
    const [cookie] = login.headers.getSetCookie();
    const name = `CSRF Victim ${Date.now()}`;
    const res = await fetch(`${baseUrl()}/api/customers`, {
      method: 'POST',
      headers: {
        Cookie: cookie.split(';')[0],
        Origin: 'https://evil.example',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: `names[]=${encodeURIComponent(name)}`,
    });
    expect(res.status).toBe(403);
    const found = await call(`/customers?q=${encodeURIComponent(name)}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(((await found.json()) as { total: number }).total).toBe(0);
  });

  it('refuses employees the admin routes with the admin-only message', async () => {
    const res = await call('/auth/login', {
      body: { email: PERSON.email, password: PERSON.password },
    });
    const { token } = (await res.json()) as { token: string };
    const pending = await call('/admin/users/pending', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(pending.status).toBe(403);
    expect(await pending.json()).toEqual({ message: 'Access denied (admin only).' });
  });
});
