// Two stacks at once, as npm start and the browser tests (or the bench) run: each keeps its
// own accounts and documents, also when one of them stops (and exports) and starts again.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ID } from '../config.ts';
import type { Stack } from '../stack.ts';
import { api, stackAt, tempDataDir } from './support.ts';

async function accountEmails(stack: Stack): Promise<string[]> {
  const res = await fetch(
    `http://${stack.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchGet?maxResults=-1`,
    { headers: { Authorization: 'Bearer owner' } },
  );
  const body = (await res.json()) as { users?: { email: string }[] };
  return (body.users ?? []).map((u) => u.email).sort();
}

async function userEmails(stack: Stack, name: string): Promise<string[]> {
  // The Admin SDK reads the variable when the app's Firestore client is made.
  process.env.FIRESTORE_EMULATOR_HOST = stack.env.FIRESTORE_EMULATOR_HOST;
  const db = getFirestore(initializeApp({ projectId: PROJECT_ID }, name));
  const users = await db.collection('users').get();
  return users.docs.map((d) => d.get('email') as string).sort();
}

function register(stack: Stack, email: string, phone: string) {
  return api(stack, '/auth/register', {
    body: { fullName: email, email, phone, password: 'two-stacks-123' },
  });
}

describe('two stacks side by side', () => {
  const stacks: Stack[] = [];
  afterAll(async () => {
    for (const s of stacks) await s.stop();
  });

  it('never mix their data', async () => {
    const [dirA, dirB] = await Promise.all([tempDataDir(), tempDataDir()]);
    const [a, b] = await Promise.all([stackAt(40, dirA.dir), stackAt(50, dirB.dir)]);
    stacks.push(a, b);
    expect((await register(a, 'only-a@example.in', '9811111111')).status).toBe(201);
    expect((await register(b, 'only-b@example.in', '9822222222')).status).toBe(201);

    // A clean stop of one exports its own accounts only, not the other's (no shared emulator hub).
    await b.stop();
    stacks.pop();
    const b2 = await stackAt(50, dirB.dir);
    stacks.push(b2);

    expect(await accountEmails(a)).toEqual(['only-a@example.in']);
    expect(await accountEmails(b2)).toEqual(['only-b@example.in']);
    expect(await userEmails(a, 'a')).toEqual(['only-a@example.in']);
    expect(await userEmails(b2, 'b')).toEqual(['only-b@example.in']);
    await Promise.all([dirA.remove(), dirB.remove()]);
  });
});
