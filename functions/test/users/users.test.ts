import { getAuth } from 'firebase-admin/auth';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, getFirebaseApp } from '../../src/firebase';
import { createApp } from '../../src/app/app';
import { bearer, createAccount, createRole, login, type TestAccount } from '../support/accounts';
import { resetBackends } from '../support/backends';

const app = createApp();
let admin: TestAccount;
let token: string;

beforeEach(async () => {
  await resetBackends();
  admin = await createAccount({ role: 'admin', fullName: 'Anita Admin' });
  token = await login(app, admin);
});

const get = (path: string) =>
  request(app)
    .get(`/api${path}`)
    .set(...bearer(token));
const post = (path: string, body?: object) =>
  request(app)
    .post(`/api${path}`)
    .set(...bearer(token))
    .send(body);
const del = (path: string) =>
  request(app)
    .delete(`/api${path}`)
    .set(...bearer(token));

async function userDoc(uid: string) {
  return getDb().doc(`users/${uid}`).get();
}

describe('GET /api/admin/users', () => {
  it('lists every user with its fields, sorted by name case-insensitively', async () => {
    await createAccount({ fullName: 'zara', role: 'sales' });
    await createAccount({ fullName: 'Bela', role: 'accounts', approved: false });
    const res = await get('/admin/users');
    expect(res.status).toBe(200);
    expect(res.body.map((u: { fullName: string }) => u.fullName)).toEqual([
      'Anita Admin',
      'Bela',
      'zara',
    ]);
    expect(res.body[1]).toEqual({
      _id: expect.any(String),
      fullName: 'Bela',
      name: 'Bela',
      email: expect.stringContaining('@example.in'),
      phone: '',
      role: 'accounts',
      approved: false,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
  });

  it('lists only approved users with ?approved=true (assignment lists), only pending with false', async () => {
    await createAccount({ fullName: 'Chetan' });
    await createAccount({ fullName: 'Bela', approved: false });
    const approved = await get('/admin/users?approved=true');
    expect(approved.body.map((u: { fullName: string }) => u.fullName)).toEqual([
      'Anita Admin',
      'Chetan',
    ]);
    const pending = await get('/admin/users?approved=false');
    expect(pending.body.map((u: { fullName: string }) => u.fullName)).toEqual(['Bela']);
    const bad = await get('/admin/users?approved=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ approved: 'approved must be true or false' });
  });
});

describe('GET /api/admin/users/pending', () => {
  it('lists accounts awaiting approval, oldest first', async () => {
    const later = await createAccount({
      fullName: 'Later',
      approved: false,
      createdAt: new Date('2026-05-02'),
    });
    const earlier = await createAccount({
      fullName: 'Earlier',
      approved: false,
      createdAt: new Date('2026-05-01'),
      phone: '+919800000009',
    });
    await createAccount({ fullName: 'Approved' });
    const res = await get('/admin/users/pending');
    expect(res.status).toBe(200);
    expect(res.body.map((u: { _id: string }) => u._id)).toEqual([earlier.uid, later.uid]);
    expect(res.body[0]).toMatchObject({
      fullName: 'Earlier',
      email: earlier.email,
      phone: '+919800000009',
      role: 'sales',
      approved: false,
    });
  });
});

describe('POST /api/admin/users/:id/approve', () => {
  it('approves with the given role; the user leaves the pending list and can sign in', async () => {
    const pending = await createAccount({ approved: false, role: 'sales' });
    const res = await post(`/admin/users/${pending.uid}/approve`, { role: ' Accounts ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: pending.uid, role: 'accounts', approved: true });
    const doc = await userDoc(pending.uid);
    expect(doc.get('approvedBy')).toBe(admin.uid);
    expect(doc.get('approvedAt')).toBeDefined();
    expect((await get('/admin/users/pending')).body).toEqual([]);
    expect(
      (
        await request(app)
          .post('/api/auth/login')
          .send({ email: pending.email, password: pending.password })
      ).body.role,
    ).toBe('accounts');
  });

  it('changes the role of an approved user (through approve, as role changes are)', async () => {
    await createRole('support', ['customers.read']);
    const sales = await createAccount({ role: 'sales' });
    const res = await post(`/admin/users/${sales.uid}/approve`, { role: 'SUPPORT' });
    expect(res.body.role).toBe('support');
    expect((await userDoc(sales.uid)).get('approvedAt')).toBeUndefined();
  });

  it('refuses a role that does not exist (400), a missing role, an unknown user (404)', async () => {
    const pending = await createAccount({ approved: false });
    const unknown = await post(`/admin/users/${pending.uid}/approve`, { role: 'ceo' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      message: 'Unknown role: ceo',
      fields: { role: 'Unknown role' },
    });
    expect((await userDoc(pending.uid)).get('approved')).toBe(false);

    const missing = await post(`/admin/users/${pending.uid}/approve`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ role: 'Role required' });

    const nobody = await post('/admin/users/nobody/approve', { role: 'sales' });
    expect(nobody.status).toBe(404);
    expect(nobody.body).toEqual({ message: 'User not found' });
  });

  it('keeps at least one approved admin', async () => {
    const res = await post(`/admin/users/${admin.uid}/approve`, { role: 'sales' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('At least one approved admin must remain.');
    const second = await createAccount({ role: 'admin' });
    expect((await post(`/admin/users/${admin.uid}/approve`, { role: 'sales' })).status).toBe(200);
    expect((await userDoc(second.uid)).get('role')).toBe('admin');
  });
});

describe('DELETE /api/admin/users/:id/reject', () => {
  it('removes the account: users document, sign-in account and sessions', async () => {
    const pending = await createAccount({ approved: false });
    const res = await del(`/admin/users/${pending.uid}/reject`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User rejected' });
    expect((await userDoc(pending.uid)).exists).toBe(false);
    await expect(getAuth(getFirebaseApp()).getUser(pending.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect((await get('/admin/users/pending')).body).toEqual([]);
    // The email is free to register again.
    const again = await request(app).post('/api/auth/register').send({
      fullName: 'Again',
      email: pending.email,
      password: 'long-enough',
    });
    expect(again.status).toBe(201);
  });

  it('answers 404 for an unknown user, and refuses rejecting yourself', async () => {
    expect((await del('/admin/users/nobody/reject')).status).toBe(404);
    const self = await del(`/admin/users/${admin.uid}/reject`);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot reject your own account.');
  });

  it('finishes a half-done removal (users document gone, sign-in account left)', async () => {
    const sales = await createAccount();
    await getDb().doc(`users/${sales.uid}`).delete();
    expect((await del(`/admin/users/${sales.uid}/reject`)).status).toBe(200);
    await expect(getAuth(getFirebaseApp()).getUser(sales.uid)).rejects.toBeDefined();
  });
});

describe('POST /api/admin/users/assign-role', () => {
  it('gives the role to every listed user in one go', async () => {
    await createRole('support', ['customers.read']);
    const a = await createAccount({ role: 'sales', fullName: 'A' });
    const b = await createAccount({ role: 'accounts', fullName: 'B' });
    const res = await post('/admin/users/assign-role', {
      role: 'Support',
      userIds: [a.uid, b.uid, a.uid],
    });
    expect(res.status).toBe(200);
    expect(res.body.updated).toBe(2);
    expect(res.body.users.map((u: { role: string }) => u.role)).toEqual(['support', 'support']);
    expect((await userDoc(a.uid)).get('role')).toBe('support');
    expect((await userDoc(b.uid)).get('role')).toBe('support');
  });

  it('changes nobody when one id is unknown (all or none)', async () => {
    const a = await createAccount({ role: 'sales' });
    const res = await post('/admin/users/assign-role', {
      role: 'accounts',
      userIds: [a.uid, 'ghost'],
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('User not found: ghost');
    expect((await userDoc(a.uid)).get('role')).toBe('sales');
  });

  it('validates role and users, refuses an unknown role and leaving no admin', async () => {
    const empty = await post('/admin/users/assign-role', { role: '', userIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({
      role: 'Role required',
      userIds: 'Select at least one user',
    });
    const a = await createAccount();
    const unknown = await post('/admin/users/assign-role', { role: 'ceo', userIds: [a.uid] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown role: ceo');
    const lastAdmin = await post('/admin/users/assign-role', {
      role: 'sales',
      userIds: [admin.uid, a.uid],
    });
    expect(lastAdmin.status).toBe(409);
    expect((await userDoc(a.uid)).get('role')).toBe('sales');
  });
});

describe("the dashboard's Pending Approvals", () => {
  // The dashboard keeps the count of accounts awaiting approval (domain/figures/kept-lists.ts):
  // each registration, approval and rejection moves it in its own commit.
  const pendingApprovals = async () => {
    const res = await get('/overview');
    expect(res.status, res.text).toBe(200);
    return res.body.pendingApprovals as number;
  };
  const register = async (fullName: string) => {
    const email = `${fullName.toLowerCase()}@example.in`;
    const res = await request(app)
      .post('/api/auth/register')
      .send({ fullName, email, password: 'long-enough' });
    expect(res.status, res.text).toBe(201);
    const pending = (await get('/admin/users/pending')).body as { _id: string; email: string }[];
    return pending.find((u) => u.email === email)!._id;
  };

  it('counts each account registered, and none once approved or rejected', async () => {
    expect(await pendingApprovals()).toBe(0);
    const first = await register('Kavya');
    expect(await pendingApprovals()).toBe(1);
    const second = await register('Rohan');
    expect(await pendingApprovals()).toBe(2);
    expect((await post(`/admin/users/${first}/approve`, { role: 'sales' })).status).toBe(200);
    expect(await pendingApprovals()).toBe(1);
    // Changing an approved account's role leaves the count alone.
    expect((await post(`/admin/users/${first}/approve`, { role: 'accounts' })).status).toBe(200);
    expect(await pendingApprovals()).toBe(1);
    expect((await del(`/admin/users/${second}/reject`)).status).toBe(200);
    expect(await pendingApprovals()).toBe(0);
  });
});
