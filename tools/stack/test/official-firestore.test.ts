// `npm start -- --official`: the stack on Google's official Firestore emulator instead of the
// embedded engine. The console's sign-up and the API work on it, and what was written is there
// again after a clean stop and start (the stack exports before it stops the emulator).
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ID } from '../config.ts';
import type { Stack } from '../stack.ts';
import { api, stackAt, tempDataDir } from './support.ts';

describe('the stack on the official Firestore emulator', () => {
  const stacks: Stack[] = [];
  afterAll(async () => {
    for (const s of stacks) await s.stop();
  });

  it('serves the API and keeps its data across a clean stop', async () => {
    const data = await tempDataDir();
    const first = await stackAt(40, data.dir, { officialFirestore: true });
    stacks.push(first);
    const health = await api(first, '/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    const registered = await api(first, '/auth/register', {
      body: {
        fullName: 'Official Engine',
        email: 'official@example.in',
        phone: '9833333333',
        password: 'official-123',
      },
    });
    expect(registered.status).toBe(201);

    await first.stop();
    stacks.pop();
    const again = await stackAt(40, data.dir, { officialFirestore: true });
    stacks.push(again);

    // The Admin SDK reads the variable when the app's Firestore client is made.
    process.env.FIRESTORE_EMULATOR_HOST = again.env.FIRESTORE_EMULATOR_HOST;
    const db = getFirestore(initializeApp({ projectId: PROJECT_ID }, 'official'));
    const users = await db.collection('users').where('email', '==', 'official@example.in').get();
    expect(users.docs.map((d) => d.get('approved'))).toEqual([false]);
    // Signing in reads the kept account and the restored user record together: both are there.
    const login = await api(again, '/auth/login', {
      body: { email: 'official@example.in', password: 'official-123' },
    });
    expect(login).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining('awaiting admin approval') },
    });
    await data.remove();
  });
});
