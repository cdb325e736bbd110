import { getAuth } from 'firebase-admin/auth';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../src/clock';
import { getDb, getFirebaseApp } from '../../src/firebase';
import { createApp } from '../../src/app/app';
import { bearer, createAccount, createRole, login } from '../support/accounts';
import { resetBackends } from '../support/backends';

const app = createApp();
beforeEach(resetBackends);

const valid = {
  fullName: '  Ravi Kumar ',
  email: 'Ravi@Example.in',
  phone: '098765 43210',
  password: 'long-enough',
  role: 'sales',
};
const registerWith = (body: object) => request(app).post('/api/auth/register').send(body);

async function userByEmail(email: string) {
  const snap = await getDb().collection('users').where('email', '==', email).get();
  expect(snap.size).toBe(1);
  return snap.docs[0];
}

describe('POST /api/auth/register', () => {
  it('creates an unapproved account with a normalised phone, and answers 201 with the message', async () => {
    const res = await registerWith(valid);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Registered successfully. An admin will approve your account.',
    });
    const doc = await userByEmail('ravi@example.in');
    expect(doc.data()).toMatchObject({
      fullName: 'Ravi Kumar',
      email: 'ravi@example.in',
      phone: '+919876543210',
      role: 'sales',
      approved: false,
    });
    expect(doc.get('createdAt')).toBeDefined();
    expect(doc.get('updatedAt')).toBeDefined();
    const account = await getAuth(getFirebaseApp()).getUser(doc.id);
    expect(account.email).toBe('ravi@example.in');
    expect(account.displayName).toBe('Ravi Kumar');
  });

  it('cannot sign in until approved, and shows in the pending list', async () => {
    await registerWith(valid);
    const res = await request(app)
      .post('/api/auth/login')
      .send({ email: valid.email, password: valid.password });
    expect(res.status).toBe(403);
    const admin = await createAccount({ role: 'admin' });
    const pending = await request(app)
      .get('/api/admin/users/pending')
      .set(...bearer(await login(app, admin)));
    expect(pending.body.map((u: { email: string }) => u.email)).toEqual(['ravi@example.in']);
  });

  it('writes a notification for admins', async () => {
    await registerWith(valid);
    const doc = await userByEmail('ravi@example.in');
    const notes = await getDb().collection('notifications').get();
    expect(notes.size).toBe(1);
    expect(notes.docs[0].data()).toMatchObject({
      type: 'user.pending',
      title: 'New account awaiting approval',
      message: 'Ravi Kumar (ravi@example.in) registered as sales and awaits approval.',
      audience: 'admins',
      userId: doc.id,
    });
    expect(notes.docs[0].get('at').toDate()).toBeInstanceOf(Date);
  });

  it('defaults the role to sales and accepts another existing employee role', async () => {
    await registerWith({ ...valid, role: undefined });
    expect((await userByEmail('ravi@example.in')).get('role')).toBe('sales');
    await registerWith({ ...valid, email: 'a@example.in', phone: '', role: ' Accounts ' });
    expect((await userByEmail('a@example.in')).get('role')).toBe('accounts');
    await createRole('support', ['customers.read']);
    await registerWith({ ...valid, email: 's@example.in', phone: undefined, role: 'support' });
    expect((await userByEmail('s@example.in')).get('role')).toBe('support');
  });

  it('never grants admin: asking for it is refused and nothing is created', async () => {
    for (const role of ['admin', ' ADMIN ']) {
      const res = await registerWith({ ...valid, role });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({
        role: 'Registration cannot ask for the admin role; an admin assigns roles on approval.',
      });
    }
    expect((await getDb().collection('users').get()).size).toBe(0);
    expect((await getAuth(getFirebaseApp()).listUsers()).users).toHaveLength(0);
  });

  it('refuses a role that does not exist', async () => {
    const res = await registerWith({ ...valid, role: 'ceo' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Unknown role: ceo', fields: { role: 'Unknown role' } });
  });

  it('answers 409 for an email already registered, in any case', async () => {
    expect((await registerWith(valid)).status).toBe(201);
    const res = await registerWith({ ...valid, email: 'RAVI@example.in', phone: '' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists.');
    expect((await getDb().collection('users').get()).size).toBe(1);
  });

  it('answers 409 for a phone number already registered (it signs in by OTP)', async () => {
    expect((await registerWith(valid)).status).toBe(201);
    const res = await registerWith({
      ...valid,
      email: 'other@example.in',
      phone: '+91 98765 43210',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this phone number already exists.');
  });

  it('validates each field', async () => {
    const res = await registerWith({
      fullName: ' ',
      email: 'nope',
      phone: '12345',
      password: 'short',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      fullName: 'Full name required',
      email: 'Enter a valid email address',
      phone: 'Enter a valid phone number',
      password: 'Password must be at least 8 characters',
    });
    const empty = await request(app).post('/api/auth/register');
    expect(Object.keys(empty.body.fields)).toEqual(['fullName', 'email', 'password']);
  });

  it('takes a foreign number in international form', async () => {
    await registerWith({ ...valid, phone: '+1 650 253 0000' });
    expect((await userByEmail('ravi@example.in')).get('phone')).toBe('+16502530000');
  });
});

describe('registration limit per address', () => {
  beforeEach(() => setClock(() => Date.UTC(2026, 10, 21, 10, 0, 0)));
  afterEach(() => setClock());

  it('answers 10 registrations an hour from one address, then 429 with Retry-After, creating nothing', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await registerWith({ ...valid, email: `r${i}@example.in`, phone: '' });
      expect(res.status).toBe(201);
    }
    // Taken or not, the 11th is not looked at: the limit also slows finding out who has an account.
    const res = await registerWith({ ...valid, email: 'r0@example.in', phone: '' });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(
      'Too many registrations from this network. Try again in 60 minutes.',
    );
    expect(res.headers['retry-after']).toBe('3600');
    const fresh = await registerWith({ ...valid, email: 'late@example.in', phone: '' });
    expect(fresh.status).toBe(429);
    expect(
      (await getDb().collection('users').where('email', '==', 'late@example.in').get()).size,
    ).toBe(0);
  });
});
