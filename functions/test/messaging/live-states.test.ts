// A message's state reaches open pages: the notifications stream carries a `message-change`
// event for each message written or moved (queued, sent, delivered, read, failed), with its
// customer and entry, to whoever may read customers; a stream the server ends leaves its page
// where a reconnect is sent what changed while away, the newest first; a resend is judged by the
// channels chosen.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { streamSettings } from '../../src/features/notifications/stream';
import { streamCaps } from '../../src/features/notifications/stream-cap';
import { appAs } from '../entries/support';
import { openStream, until } from '../support/event-stream';
import { eventually, useMessagingWorld } from './support';

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

describe('a stream the server ends', () => {
  const addEntry = async (body: string) =>
    (
      await request(employee)
        .post('/api/entries')
        .send({ customer: world.ravi, description: 'Quotation', whatsapp: { body } })
        .expect(201)
    ).body._id as string;
  const read = (entryId: string) =>
    eventually(async () => {
      const snap = await getDb()
        .collection('conversationMessages')
        .where('entryId', '==', entryId)
        .where('state', '==', 'read')
        .get();
      return !snap.empty;
    });
  const stream = () => `${base}/api/notifications/stream`;
  const resumeFrom = async (lastEventId: string) => {
    const resumed = openStream(stream(), { 'Last-Event-ID': lastEventId });
    try {
      await until(() => resumed.changes.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return resumed.changes.map((c) => c.entryId);
    } finally {
      resumed.close();
    }
  };

  it('leaves its page a point from which a reconnect is sent what changed while away, the newest first', async () => {
    const settings = { ...streamSettings };
    const caps = { ...streamCaps };
    streamSettings.inFlightMs = 100;
    // One stream a session: a second ends the first, as its lifetime's end or the cap would.
    streamCaps.perSession = 1;
    try {
      const first = openStream(stream());
      const seen = await addEntry('Seen live');
      await until(() => first.changes.some((c) => c.entryId === seen && c.state === 'read'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const second = openStream(stream());
      expect(await first.done).toBe('ended');
      second.close();
      const left = /^id: (.+)\n\nretry: \d+\n\n$/m.exec(first.text())?.[1];
      expect(left).toBeDefined();

      const older = await addEntry('While away');
      expect(await read(older)).toBe(true);
      const newest = await addEntry('While away, later');
      expect(await read(newest)).toBe(true);
      streamSettings.resumeLimit = 3;
      // What was seen live before the end is not sent again.
      expect(await resumeFrom(left!)).toEqual([older, newest]);
      // Fewer than changed: the newest.
      streamSettings.resumeLimit = 1;
      expect(await resumeFrom(left!)).toEqual([newest]);
    } finally {
      Object.assign(streamSettings, settings);
      Object.assign(streamCaps, caps);
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
