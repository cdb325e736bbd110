// Accounts for API tests: Firebase Authentication users with their users/{uid} documents,
// roles, and sign-ins through the real routes.
import type { Express } from 'express';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { expect } from 'vitest';
import { signInWithCustomToken } from '../../src/features/accounts/identity-toolkit';
import { startSession } from '../../src/domain/identity/sessions';
import { getDb, getFirebaseApp } from '../../src/firebase';

export interface TestAccount {
  uid: string;
  email: string;
  password: string;
  fullName: string;
  phone: string;
  role: string;
  approved: boolean;
}

export const PASSWORD = 'password-123';

let counter = 0;

export async function createAccount(
  options: Partial<Omit<TestAccount, 'uid'>> & { createdAt?: Date } = {},
): Promise<TestAccount> {
  counter += 1;
  const role = options.role ?? 'sales';
  const account = {
    email: options.email ?? `${role}-${counter}@example.in`,
    password: options.password ?? PASSWORD,
    fullName: options.fullName ?? `Person ${counter}`,
    phone: options.phone ?? '',
    role,
    approved: options.approved ?? true,
  };
  const { uid } = await getAuth(getFirebaseApp()).createUser({
    email: account.email,
    password: account.password,
    displayName: account.fullName,
  });
  const at = Timestamp.fromDate(options.createdAt ?? new Date(Date.UTC(2026, 0, 1) + counter));
  await getDb().doc(`users/${uid}`).set({
    fullName: account.fullName,
    email: account.email.toLowerCase(),
    phone: account.phone,
    role: account.role,
    approved: account.approved,
    createdAt: at,
    updatedAt: at,
  });
  return { uid, ...account };
}

export async function createRole(
  name: string,
  permissions: string[],
  id?: string,
): Promise<string> {
  const ref = id ? getDb().doc(`roles/${id}`) : getDb().collection('roles').doc();
  await ref.set({ name, permissions, createdAt: Timestamp.now(), updatedAt: Timestamp.now() });
  return ref.id;
}

/** Signs in through POST /api/auth/login and answers the token. */
export async function login(app: Express, account: Pick<TestAccount, 'email' | 'password'>) {
  const res = await request(app)
    .post('/api/auth/login')
    .send({ email: account.email, password: account.password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

/** A session token minted for any account (even one that may not sign in), like OTP sign-in. */
export async function mintSession(uid: string): Promise<string> {
  const custom = await getAuth(getFirebaseApp()).createCustomToken(uid);
  return (await startSession(await signInWithCustomToken(custom), uid, 'otp')).token;
}

export function bearer(token: string): [string, string] {
  return ['Authorization', `Bearer ${token}`];
}
