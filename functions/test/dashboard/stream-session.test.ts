// A notification stream answers to the session that opened it only while that session holds:
// a person promoted to admin, then demoted (or logged out everywhere) while a stream is open,
// gets no admin-only notice after that, and the stream closes so the page reconnects with what
// it now holds.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FOR_ADMINS } from '../../src/domain/notifications/audience';
import { addNotification } from '../../src/domain/notifications/notice';
import { streamSettings } from '../../src/features/notifications/stream';
import { getDb } from '../../src/firebase';
import { createApp } from '../../src/app/app';
import { bearer, createAccount, login, type TestAccount } from '../support/accounts';
import { resetBackends } from '../support/backends';
import { openStream, until } from '../support/event-stream';
import { serveDuringFile } from '../support/served-app';

const app = createApp();
const served = serveDuringFile(app);
let person: TestAccount;
let token: string;
let otherAdmin: TestAccount;
const saved = { ...streamSettings };

beforeEach(async () => {
  await resetBackends();
  Object.assign(streamSettings, { sessionRecheckMs: 300 });
  // Promoted to admin.
  person = await createAccount({ role: 'admin' });
  otherAdmin = await createAccount({ role: 'admin' });
  token = await login(app, person);
});
afterEach(() => Object.assign(streamSettings, saved));

async function notifyAdmins(title: string): Promise<void> {
  const batch = getDb().batch();
  addNotification(batch, { to: FOR_ADMINS, type: 'user.pending', title, message: title });
  await batch.commit();
}

const open = () =>
  openStream(`${served.base()}/api/notifications/stream`, { Authorization: `Bearer ${token}` });

describe('an open notification stream', () => {
  it('stops carrying admin-only notices once its admin is demoted, and closes', async () => {
    const stream = open();
    await new Promise((r) => setTimeout(r, 300));
    await notifyAdmins('while admin');
    await until(() => stream.events.length === 1);

    // Demoted by another admin, through the API (which updates the person's sessions with it).
    const demoted = await request(app)
      .post(`/api/admin/users/${person.uid}/approve`)
      .set(...bearer(await login(app, otherAdmin)))
      .send({ role: 'sales' });
    expect(demoted.status).toBe(200);
    await notifyAdmins('after demotion: Ravi (ravi@example.in)');
    expect(await stream.done).toBe('ended');
    expect(stream.events.map((e) => e.title)).toEqual(['while admin']);
  });

  it('closes within seconds when its session ends, even with nothing to send', async () => {
    const stream = open();
    await new Promise((r) => setTimeout(r, 300));
    const res = await request(app)
      .post('/api/auth/logout')
      .set(...bearer(token))
      .send({ everywhere: true });
    expect(res.status).toBe(200);
    const started = Date.now();
    expect(await stream.done).toBe('ended');
    expect(Date.now() - started).toBeLessThan(3000);
    await notifyAdmins('after logout');
    expect(stream.events).toEqual([]);
  });
});
