import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { getAuth } from 'firebase-admin/auth';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from '../../src/features/accounts/create-admin';
import { getDb, getFirebaseApp } from '../../src/firebase';
import { createApp } from '../../src/app/app';
import { createAccount } from '../support/accounts';
import { ROOT } from '../../../tools/stack/config.ts';
import { resetBackends } from '../support/backends';

const app = createApp();
beforeEach(resetBackends);

const loginAs = (email: string, password: string) =>
  request(app).post('/api/auth/login').send({ email, password });

describe('createAdmin', () => {
  it('creates an approved admin who can sign in', async () => {
    const { uid, created } = await createAdmin({
      email: ' Boss@Company.in ',
      password: 'first-admin-1',
      fullName: 'The Boss',
      phone: '98000 00001',
    });
    expect(created).toBe(true);
    expect((await getDb().doc(`users/${uid}`).get()).data()).toMatchObject({
      fullName: 'The Boss',
      email: 'boss@company.in',
      phone: '+919800000001',
      role: 'admin',
      approved: true,
    });
    const res = await loginAs('boss@company.in', 'first-admin-1');
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
  });

  it('makes an existing account an approved admin with the new password', async () => {
    const pending = await createAccount({ approved: false, role: 'sales', phone: '+919800000007' });
    const { uid, created } = await createAdmin({
      email: pending.email,
      password: 'new-password-1',
      fullName: 'Promoted',
    });
    expect(created).toBe(false);
    expect(uid).toBe(pending.uid);
    const doc = await getDb().doc(`users/${uid}`).get();
    expect(doc.data()).toMatchObject({ role: 'admin', approved: true, phone: '+919800000007' });
    expect((await loginAs(pending.email, 'new-password-1')).status).toBe(200);
  });

  it('validates its input', async () => {
    await expect(
      createAdmin({ email: 'nope', password: 'short', fullName: '' }),
    ).rejects.toMatchObject({
      status: 400,
      fields: {
        email: 'Enter a valid email address',
        password: 'Password must be at least 8 characters',
        fullName: 'Name required',
      },
    });
    expect((await getAuth(getFirebaseApp()).listUsers()).users).toHaveLength(0);
  });
});

describe('npm run create-admin', () => {
  it('runs the script against the emulators the environment names', async () => {
    const { stdout } = await promisify(execFile)(
      'npm',
      [
        'run',
        '--silent',
        'create-admin',
        '--',
        '--email',
        'cli@company.in',
        '--password',
        'cli-admin-123',
        '--name',
        'Cli Admin',
      ],
      { cwd: ROOT, env: process.env },
    );
    expect(stdout).toMatch(
      /^Created admin cli@company\.in \(uid \w+\) \(emulators\): approved, role admin\.$/m,
    );
    expect((await loginAs('cli@company.in', 'cli-admin-123')).body.role).toBe('admin');
  }, 60_000);

  it('explains its usage when arguments are missing', async () => {
    const run = promisify(execFile)('npm', ['run', '--silent', 'create-admin'], {
      cwd: ROOT,
      env: process.env,
    });
    await expect(run).rejects.toMatchObject({
      stderr: expect.stringContaining('Usage: npm run create-admin'),
    });
  }, 60_000);
});
