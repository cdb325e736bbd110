// A message's state reaches open pages: the notifications stream carries a `message-change`
// event for each message written or moved (queued, sent, delivered, read, failed), with its
// customer and entry, to whoever may read customers; a resend is judged by the channels chosen.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appAs } from '../entries/support';
import { openStream, until } from '../support/event-stream';
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

describe('message states on the stream', () => {
  it("carries an entry's WhatsApp message from queued to read, with its customer and entry", async () => {
    const watch = openStream(`${base}/api/notifications/stream`);
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

describe('read means seen', () => {
  const admin = appAs('admin');
  const receipts = async () =>
    (await (await fetch(`${world.outbox.url}/read-receipts`)).json()) as { messageId: string }[];

  it("opening the conversation tells Meta the customer's newest message was read, once", async () => {
    const first = (await world.control('inbound', { from: '+919812345678', text: 'Price?' })) as {
      id: string;
    };
    const newest = (await world.control('inbound', { from: '+919812345678', text: 'For 50' })) as {
      id: string;
    };
    // Someone who is not the conversation's owner (Ravi has none: admins are) tells Meta nothing.
    await request(employee).post(`/api/customers/${world.ravi}/conversation/read`).expect(200);
    expect(await receipts()).toEqual([]);

    const read = await request(admin).post(`/api/customers/${world.ravi}/conversation/read`);
    expect(read.status).toBe(200);
    expect(read.body.unread).toBe(0);
    expect((await receipts()).map((r) => r.messageId)).toEqual([newest.id]);
    expect(first.id).not.toBe(newest.id);
    // Opened again with nothing new: Meta is not asked again.
    await request(admin).post(`/api/customers/${world.ravi}/conversation/read`).expect(200);
    expect(await receipts()).toHaveLength(1);
  });
});
