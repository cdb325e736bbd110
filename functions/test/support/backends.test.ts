import { getAuth } from 'firebase-admin/auth';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, getFirebaseApp } from '../../src/firebase';
import { resetBackends } from './backends';

describe('the API test backends', () => {
  beforeEach(resetBackends);

  it('reach the embedded Firestore and the Auth emulator, and reset both', async () => {
    await getDb().doc('probe/one').set({ ok: true });
    const user = await getAuth(getFirebaseApp()).createUser({
      email: 'probe@example.in',
      password: 'secret-123',
    });
    expect((await getDb().doc('probe/one').get()).get('ok')).toBe(true);
    expect((await getAuth(getFirebaseApp()).getUser(user.uid)).email).toBe('probe@example.in');

    await resetBackends();
    expect((await getDb().doc('probe/one').get()).exists).toBe(false);
    await expect(getAuth(getFirebaseApp()).getUser(user.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
  });
});
