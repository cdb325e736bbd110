// A message's state reaches open pages: the notifications stream carries a `message-change`
// event for each message written or moved (queued, sent, delivered, read, failed), with its
// customer and entry, to whoever may read customers; a resend is judged by the channels chosen.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appAs } from '../entries/support';
import { until } from '../support/event-stream';
import { useMessagingWorld } from './support';

const world = useMessagingWorld();
const employee = appAs('employee');
let server: Server;
let base: string;

beforeAll(async () => {
  server = appAs('employee').listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Change {
  messageId: string;
  customerId: string;
  entryId?: string;
  state: string;
  channel: string;
}

/** Collects the stream's message-change events until closed. */
function watchMessages() {
  const controller = new AbortController();
  const changes: Change[] = [];
  void (async () => {
    const res = await fetch(`${base}/api/notifications/stream`, {
      headers: { Accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let raw = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        raw += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = raw.indexOf('\n\n')) !== -1) {
          const block = raw.slice(0, cut);
          raw = raw.slice(cut + 2);
          if (!/^event: message-change$/m.test(block)) continue;
          changes.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]) as Change);
        }
      }
    } catch {
      // closed
    }
  })();
  return { changes, close: () => controller.abort() };
}

describe('message states on the stream', () => {
  it("carries an entry's WhatsApp message from queued to read, with its customer and entry", async () => {
    const watch = watchMessages();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const created = await request(employee)
        .post('/api/entries')
        .send({ customer: world.ravi, description: 'Quotation', whatsapp: { body: 'Hi' } })
        .expect(201);
      const entryId = created.body._id as string;
      await until(() => watch.changes.some((c) => c.entryId === entryId && c.state === 'read'));
      const mine = watch.changes.filter((c) => c.entryId === entryId);
      expect(mine[0]).toMatchObject({ customerId: world.ravi, channel: 'whatsapp' });
      expect(mine.map((c) => c.state)).toContain('sent');
      // No words of the message travel on the stream: pages read them through the API.
      expect(JSON.stringify(mine)).not.toContain('Hi');
    } finally {
      watch.close();
    }
  });
});

describe('resend tells the truth for the channels chosen', () => {
  it('answers 200 with nothing failed when the one channel resent went', async () => {
    await world.control('next', {
      channel: 'whatsapp',
      status: 400,
      body: { error: { message: 'Invalid parameter', code: 100 } },
    });
    await world.control('next', {
      channel: 'email',
      status: 400,
      body: { errors: [{ message: 'Bad', field: 'personalizations.0.to' }] },
    });
    const created = await request(employee)
      .post('/api/entries')
      .send({
        customer: world.ravi,
        description: 'Quotation',
        whatsapp: { body: 'Hi' },
        email: { body: 'Hi', subject: 'Quote' },
      });
    expect(created.body.failed).toEqual(['whatsapp', 'email']);
    const emailsBefore = (await world.sent()).filter((m) => m.channel === 'email').length;

    const res = await request(employee)
      .post(`/api/entries/${created.body._id}/resend`)
      .send({ send: { email: {} } });
    expect(res.status).toBe(200);
    expect(res.body.failed).toEqual([]);
    expect(res.body.dispatch.email.status).toMatch(/sent|processed|delivered/);
    const emails = (await world.sent()).filter((m) => m.channel === 'email');
    expect(emails).toHaveLength(emailsBefore + 1);
  });
});
