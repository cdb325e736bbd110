// GET /notifications/stream over a real HTTP server: two clients get each notification, a
// dropped client resuming with Last-Event-ID gets what it missed first, with no gaps or repeats;
// an employee's stream carries only what is addressed to them or to everyone; a stream ends
// cleanly after NOTIFICATION_STREAM_MAX_MS with the `retry:` hint; a notification stamped ahead
// of the clock (a writer whose clock runs ahead) holds back no later one.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../src/clock';
import { FOR_ADMINS, type Recipient } from '../../src/domain/notifications/audience';
import { addNotification } from '../../src/domain/notifications/notice';
import { streamClientCount } from '../../src/features/notifications/stream';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { openStream, until, type StreamEvent } from '../support/event-stream';
import { appAs } from '../support/fake-session';

/** The stream served to an admin (`base`) and to the sales employee (`salesBase`). */
const servers: Server[] = [];
let base: string;
let salesBase: string;

async function listen(role: string): Promise<string> {
  const server = appAs(role).listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  base = await listen('admin');
  salesBase = await listen('sales');
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
beforeEach(() => resetBackends());
afterEach(() => {
  delete process.env.NOTIFICATION_STREAM_MAX_MS;
});

/** A stream client on `server` (the admin's by default). */
const connect = (lastEventId?: string, server = base) =>
  openStream(
    `${server}/api/notifications/stream`,
    lastEventId ? { 'Last-Event-ID': lastEventId } : {},
  );

/** A notification written at `at` by the real writer (notice.ts), feeds and all. */
async function notify(title: string, at = new Date(), to: Recipient = FOR_ADMINS): Promise<void> {
  const batch = getDb().batch();
  setClock(() => at.getTime());
  addNotification(batch, { to, type: 'entry.pending', title, message: title });
  setClock();
  await batch.commit();
}

describe('GET /notifications/stream', () => {
  it('refuses a caller that does not accept an event stream', async () => {
    const res = await request(appAs('admin')).get('/api/notifications/stream');
    expect(res.status).toBe(406);
  });

  it('fans out to two clients, and a dropped client resumes with Last-Event-ID missing nothing', async () => {
    const a = connect();
    const b = connect();
    await until(() => streamClientCount() === 2);
    await notify('one');
    await until(() => a.events.length === 1 && b.events.length === 1);
    expect(a.events[0]!.id).toBe(b.events[0]!.id);

    // b drops; two notifications go out while it is away.
    b.close();
    await b.done;
    await until(() => streamClientCount() === 1);
    await notify('two', new Date(Date.now() + 1));
    await notify('three', new Date(Date.now() + 2));
    await until(() => a.events.length === 3);

    const resumed = connect(b.events[0]!.id);
    await until(() => resumed.events.length === 2);
    await notify('four', new Date(Date.now() + 3));
    await until(() => resumed.events.length === 3 && a.events.length === 4);
    expect(resumed.events.map((e) => e.title)).toEqual(['two', 'three', 'four']);
    expect(a.events.map((e) => e.title)).toEqual(['one', 'two', 'three', 'four']);
    a.close();
    resumed.close();
    await Promise.all([a.done, resumed.done]);
  });

  it('sends a retry hint and heartbeats; /notifications/latest is newest first', async () => {
    await notify('old', new Date(Date.now() - 10_000));
    await notify('new');
    const res = await request(appAs('admin')).get('/api/notifications/latest');
    expect(res.body.map((n: StreamEvent) => n.title)).toEqual(['new', 'old']);
    const employee = await request(appAs('sales')).get('/api/notifications/latest');
    expect(employee.body).toEqual([]);
    await notify('mine', new Date(), { userId: 'sales-uid' });
    const mine = await request(appAs('sales')).get('/api/notifications/latest');
    expect(mine.body.map((n: StreamEvent) => n.title)).toEqual(['mine']);

    const res2 = await fetch(`${base}/api/notifications/stream`, {
      headers: { Accept: 'text/event-stream' },
    });
    const reader = res2.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^retry: \d+/);
    await reader.cancel();
  });

  it('sends an employee only what is addressed to them, live and on resume', async () => {
    const admin = connect();
    const sales = connect(undefined, salesBase);
    await until(() => streamClientCount() === 2);
    await notify('for admins');
    await notify('for accounts', new Date(Date.now() + 1), { userId: 'accounts-uid' });
    await notify('for sales', new Date(Date.now() + 2), { userId: 'sales-uid' });
    await notify('for sales again', new Date(Date.now() + 3), { userId: 'sales-uid' });
    await until(() => admin.events.length === 4 && sales.events.length === 2);
    expect(sales.events.map((e) => e.title)).toEqual(['for sales', 'for sales again']);

    const resumed = connect(admin.events[0]!.id, salesBase);
    await until(() => resumed.events.length === 2);
    expect(resumed.events.map((e) => e.title)).toEqual(['for sales', 'for sales again']);
    for (const client of [admin, sales, resumed]) client.close();
    await Promise.all([admin.done, sales.done, resumed.done]);
  });

  it('ends cleanly after NOTIFICATION_STREAM_MAX_MS with the retry hint; a reconnect misses nothing', async () => {
    process.env.NOTIFICATION_STREAM_MAX_MS = '2000';
    const started = Date.now();
    const first = connect();
    await until(() => streamClientCount() === 1);
    await notify('before the end');
    await until(() => first.events.length === 1);

    expect(await first.done).toBe('ended');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1990);
    expect(first.text()).toMatch(/^retry: 3000\n\n/);
    expect(first.text()).toMatch(/\n\nretry: 3000\n\n$/);
    // Its listener is gone with it.
    expect(streamClientCount()).toBe(0);

    await notify('while away', new Date(Date.now() + 1));
    const second = connect(first.events[0]!.id);
    await until(() => second.events.length === 1);
    expect(second.events.map((e) => e.title)).toEqual(['while away']);
    second.close();
    await second.done;
  });

  it('an event its writer stamped ahead of the clock holds nothing back, live or on resume', async () => {
    const twoDaysAhead = () => new Date(Date.now() + 2 * 86_400_000);
    // Written before anyone listened: not news to the first client, whatever its stamp.
    await notify('ahead, before the stream', twoDaysAhead());
    const live = connect();
    await until(() => streamClientCount() === 1);
    // A job whose clock ran two days ahead, then a notification of now.
    await notify('ahead, live', twoDaysAhead());
    await notify('now', new Date(Date.now() + 1));
    await until(() => live.events.length === 2);
    expect(live.events.map((e) => e.title)).toEqual(['ahead, live', 'now']);
    // The resume point never lies ahead of the clock: a reconnect gets what came meanwhile.
    const point = live.events[1]!.id;
    expect(Number(point.slice(0, 15))).toBeLessThanOrEqual(Date.now());
    live.close();
    await live.done;
    await notify('while away', new Date(Date.now() + 2));
    const resumed = connect(point);
    await until(() => resumed.events.some((e) => e.title === 'while away'));
    expect(resumed.events.map((e) => e.title)).not.toContain('now');
    resumed.close();
    await resumed.done;
  });

  it('gives a first connection an id at once: a stream that ended before any event misses nothing', async () => {
    process.env.NOTIFICATION_STREAM_MAX_MS = '1000';
    const quiet = connect();
    expect(await quiet.done).toBe('ended');
    expect(quiet.events).toEqual([]);
    const opening = /^id: (.+)$/m.exec(quiet.text())?.[1];
    expect(opening).toBeDefined();

    await notify('while reconnecting', new Date(Date.now() + 1));
    const again = connect(opening);
    await until(() => again.events.length === 1);
    expect(again.events.map((e) => e.title)).toEqual(['while reconnecting']);
    again.close();
    await again.done;
  });
});
