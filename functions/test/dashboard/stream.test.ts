// GET /notifications/stream over a real HTTP server: two clients get each notification, a
// dropped client resuming with Last-Event-ID gets what it missed first, with no gaps or repeats.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { streamClientCount } from '../../src/features/notifications/stream';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs } from '../support/fake-session';

let server: Server;
let base: string;

beforeAll(async () => {
  server = appAs('admin').listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => resetBackends());

interface Event {
  id: string;
  title: string;
}

/** A stream client: collects events until aborted. */
function connect(lastEventId?: string) {
  const controller = new AbortController();
  const events: Event[] = [];
  let raw = '';
  const done = (async () => {
    const res = await fetch(`${base}/api/notifications/stream`, {
      headers: {
        Accept: 'text/event-stream',
        ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
      },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        raw += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = raw.indexOf('\n\n')) !== -1) {
          const block = raw.slice(0, cut);
          raw = raw.slice(cut + 2);
          const id = /^id: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (id && data) events.push({ id, title: (JSON.parse(data) as Event).title });
        }
      }
    } catch {
      // aborted
    }
  })();
  return { events, close: () => controller.abort(), done };
}

const until = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const notify = (title: string, at = new Date()) =>
  getDb()
    .collection('notifications')
    .add({ type: 'test', title, message: title, audience: 'admins', at });

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
    expect(res.body.map((n: Event) => n.title)).toEqual(['new', 'old']);
    const employee = await request(appAs('sales')).get('/api/notifications/latest');
    expect(employee.body).toEqual([]);
    await getDb()
      .collection('notifications')
      .add({ title: 'mine', audience: 'sales-uid', at: new Date(), type: 'x', message: '' });
    const mine = await request(appAs('sales')).get('/api/notifications/latest');
    expect(mine.body.map((n: Event) => n.title)).toEqual(['mine']);

    const res2 = await fetch(`${base}/api/notifications/stream`, {
      headers: { Accept: 'text/event-stream' },
    });
    const reader = res2.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^retry: \d+/);
    await reader.cancel();
  });
});
