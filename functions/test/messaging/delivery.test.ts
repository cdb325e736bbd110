// The send queue and what comes back: Meta's errors in words, retries only where the provider
// surely took nothing, a time-out left 'unknown' and settled by a callback, one send per
// message with two workers at once, SendGrid's signed events (deduplicated), safe emails and a
// resend that tells the truth per channel.
import { createHash, createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentData } from 'firebase-admin/firestore';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { setClock } from '../../src/clock';
import { getDb } from '../../src/firebase';
import { whatsappErrorWords } from '../../src/integrations/whatsapp/errors';
import { enqueue, newOutboundRef } from '../../src/domain/messages/queue-store';
import { deliverDueOutbound, deliverOutbound } from '../../src/features/messaging/outbound-worker';
import { appAs, functionsApp, seedCustomer } from '../entries/support';
import { readCounters, resetCounters } from '../support/counters';
import { eventually, useMessagingWorld } from './support';

const employee = appAs('employee');
const world = useMessagingWorld();

const entryOf = async (id: string) =>
  (await getDb().collection('entries').doc(id).get()).data() as DocumentData;
const addEntry = (body: object) =>
  request(employee)
    .post('/api/entries')
    .send({ customer: world.ravi, description: 'Quotation', ...body });

/** Posts SendGrid events signed as SendGrid signs (the outbox's key, whose public half Integrations holds). */
function postSignedEvents(events: string, at = Date.now()) {
  const key = createPrivateKey(readFileSync(path.join(world.dir, 'sendgrid-event-key.pem')));
  const timestamp = String(Math.floor(at / 1000));
  const signature = sign('sha256', Buffer.from(timestamp + events), {
    key,
    dsaEncoding: 'der',
  }).toString('base64');
  return request(functionsApp(null))
    .post('/api/integrations/email/events')
    .set('Content-Type', 'application/json')
    .set('X-Twilio-Email-Event-Webhook-Signature', signature)
    .set('X-Twilio-Email-Event-Webhook-Timestamp', timestamp)
    .send(events);
}

describe("Meta's errors in words", () => {
  it.each([
    [131047, 'only an approved template can be sent'],
    [131026, 'may not be on WhatsApp'],
    [130429, 'rate limit'],
    [131056, 'Too many messages to this customer'],
    [132000, 'number of parameters does not match'],
    [132001, 'does not exist in this language'],
    [190, 'access token has expired or is invalid'],
    [100, 'refused a parameter'],
  ])('%i', (code, words) => {
    const text = whatsappErrorWords(code, 'details');
    expect(text).toContain(words);
    expect(text).toContain(`(WhatsApp ${code})`);
  });

  it('a 131047 status callback fails the message with the words', async () => {
    // The app believes the window open; Meta (the outbox) knows the customer never wrote.
    await getDb()
      .collection('customers')
      .doc(world.ravi)
      .update({ 'whatsappWindows.+919812345678': new Date(Date.now() + 3600_000) });
    const res = await addEntry({ whatsapp: { body: 'Free text' } });
    expect(res.status).toBe(201);
    const failed = await eventually(async () => {
      const entry = await entryOf(res.body._id);
      return entry.dispatch.whatsapp.status === 'failed' ? entry : undefined;
    });
    expect(failed?.dispatch.whatsapp.error).toContain('(WhatsApp 131047)');
  });
});

describe('retries and time-outs', () => {
  it('a rate limit (130429) is queued and tried again after the wait, then sent once', async () => {
    await world.control('next', {
      channel: 'whatsapp',
      status: 400,
      body: { error: { message: '(#130429) Rate limit hit', code: 130429 } },
    });
    const res = await addEntry({ whatsapp: { body: 'Hi' } });
    expect(res.status).toBe(201);
    expect(res.body.failed).toEqual([]);
    expect(res.body.dispatch.whatsapp.status).toBe('queued');
    expect(res.body.dispatch.whatsapp.error).toContain('(WhatsApp 130429)');
    expect(await world.sent()).toEqual([]);

    setClock(() => Date.now() + 60_000);
    try {
      expect(await deliverDueOutbound()).toMatchObject({ tried: 1, done: 1 });
      expect(await deliverDueOutbound()).toMatchObject({ tried: 0 });
    } finally {
      setClock();
    }
    expect(await world.sent()).toHaveLength(1);
    expect((await entryOf(res.body._id)).dispatch.whatsapp.status).toMatch(/sent|delivered|read/);
  });

  it('a refused connection is tried again; a refusal is not', async () => {
    await world.control('next', {
      channel: 'whatsapp',
      status: 400,
      body: { error: { message: 'Invalid parameter', code: 100 } },
    });
    const res = await addEntry({ whatsapp: { body: 'Hi' } });
    expect(res.body.failed).toEqual(['whatsapp']);
    expect(res.body.dispatch.whatsapp.error).toContain('(WhatsApp 100)');
    setClock(() => Date.now() + 3600_000);
    try {
      expect(await deliverDueOutbound()).toMatchObject({ tried: 0 });
    } finally {
      setClock();
    }
  });

  it('a time-out is unknown, never sent again, and settled by the status callback', async () => {
    vi.stubEnv('SEND_TIMEOUT_MS', '300');
    await world.control('next', { channel: 'whatsapp', hangMs: 800 });
    const res = await addEntry({ whatsapp: { body: 'Hi' } });
    expect(res.status).toBe(201);
    expect(res.body.dispatch.whatsapp.status).toBe('unknown');
    expect(res.body.dispatch.whatsapp.error).toContain('may have been sent');
    setClock(() => Date.now() + 3600_000);
    try {
      expect(await deliverDueOutbound()).toMatchObject({ tried: 0 });
    } finally {
      setClock();
    }
    const settled = await eventually(async () => {
      const entry = await entryOf(res.body._id);
      return ['delivered', 'read'].includes(entry.dispatch.whatsapp.status) ? entry : undefined;
    });
    expect(settled).toBeDefined();
    expect(await world.sent()).toHaveLength(1);
  });

  it('one message is sent once, even with two workers at once', async () => {
    const ref = newOutboundRef();
    await getDb().runTransaction(async (tx) =>
      enqueue(tx, ref, {
        channel: 'whatsapp',
        owner: null,
        to: '+919812345678',
        parts: [{ kind: 'template', name: 'hello_world', language: 'en_US', parameters: [] }],
      }),
    );
    const outcomes = await Promise.all([deliverOutbound(ref.id), deliverOutbound(ref.id)]);
    expect(outcomes.sort()).toEqual(['busy', 'done']);
    expect(await world.sent()).toHaveLength(1);
  });
});

describe("SendGrid's Event Webhook", () => {
  it('moves the email to delivered by signed events matched on its queue id', async () => {
    const res = await addEntry({ email: { body: 'Please find the quote', subject: 'Quote' } });
    expect(res.status).toBe(201);
    const [mail] = await world.sent();
    expect(mail.body).toMatchObject({
      custom_args: { outboundId: res.body.dispatch.email.outboundId },
    });
    const delivered = await eventually(async () => {
      const entry = await entryOf(res.body._id);
      return entry.dispatch.email.status === 'delivered' ? entry : undefined;
    });
    expect(delivered?.dispatch.email.timeline.map((t: { status: string }) => t.status)).toEqual(
      expect.arrayContaining(['queued', 'sent', 'delivered']),
    );
  });

  it('refuses a bad signature with 401 and stores nothing; drops a repeated event', async () => {
    const res = await addEntry({ email: { body: 'Hi', subject: 'Quote' } });
    const outboundId = res.body.dispatch.email.outboundId as string;
    const events = JSON.stringify([
      {
        event: 'open',
        sg_event_id: 'evt-1',
        outboundId,
        timestamp: 1780000000,
        email: 'ravi@example.in',
      },
    ]);
    const forged = await request(functionsApp(null))
      .post('/api/integrations/email/events')
      .set('Content-Type', 'application/json')
      .set('X-Twilio-Email-Event-Webhook-Signature', 'MEUCIQDforged')
      .set('X-Twilio-Email-Event-Webhook-Timestamp', '1780000000')
      .send(events);
    expect(forged.status).toBe(401);
    const marker = createHash('sha256').update('evt-1').digest('hex');
    expect((await getDb().doc(`emailEvents/${marker}`).get()).exists).toBe(false);

    expect((await postSignedEvents(events)).body).toMatchObject({ applied: 1, duplicates: 0 });
    expect((await postSignedEvents(events)).body).toMatchObject({ applied: 0, duplicates: 1 });
    expect((await entryOf(res.body._id)).dispatch.email.status).toBe('opened');
  });

  it('applies a batch of 1,000 events by message, with the markers read and written in batches', async () => {
    const ids: string[] = [];
    for (const subject of ['Quote', 'Invoice']) {
      const res = await addEntry({ email: { body: 'Hi', subject } });
      ids.push(res.body.dispatch.email.outboundId as string);
    }
    // Let the outbox's own events for these two sends land first.
    const deliveryOf = async (id: string) =>
      (
        (await getDb().doc(`outboundMessages/${id}`).get()).get('parts') as { delivery?: string }[]
      )[0]?.delivery;
    await eventually(async () =>
      (await Promise.all(ids.map(deliveryOf))).every((d) => d === 'delivered') ? true : undefined,
    );
    const kinds = ['processed', 'delivered', 'open', 'click'];
    const list = Array.from({ length: 900 }, (_, i) => ({
      event: kinds[i % kinds.length],
      sg_event_id: `batch-${i}`,
      outboundId: ids[i % 2],
      timestamp: 1780000000 + i,
      email: 'ravi@example.in',
    }));
    // SendGrid repeats events, within one post too.
    const events = [...list, ...list.slice(0, 100)];
    await resetCounters();
    const res = await postSignedEvents(JSON.stringify(events));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: 1000, applied: 900, duplicates: 100 });
    // One read per marker and a few per message, not a transaction per event (over 3,000 reads).
    expect((await readCounters()).reads).toBeLessThanOrEqual(1_100);
    expect(
      (await getDb().collection('emailEvents').count().get()).data().count,
    ).toBeGreaterThanOrEqual(900);
    for (const id of ids) expect(await deliveryOf(id)).toBe('opened');
    // Posted again: every one is a duplicate, nothing applied twice.
    expect((await postSignedEvents(JSON.stringify(list))).body).toMatchObject({
      applied: 0,
      duplicates: 900,
    });
  });

  it('refuses correctly signed events stamped more than 10 minutes from now: 401, nothing stored', async () => {
    const res = await addEntry({ email: { body: 'Hi', subject: 'Quote' } });
    const outboundId = res.body.dispatch.email.outboundId as string;
    const event = (id: string) =>
      JSON.stringify([{ event: 'bounce', sg_event_id: id, outboundId, email: 'ravi@example.in' }]);
    const minutes = 60_000;
    for (const [id, at] of [
      ['evt-2001', Date.UTC(2001, 0, 1)],
      ['evt-old', Date.now() - 11 * minutes],
      ['evt-future', Date.now() + 11 * minutes],
    ] as const) {
      const refused = await postSignedEvents(event(id), at);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toMatch(/timestamp/);
      const marker = createHash('sha256').update(id).digest('hex');
      expect((await getDb().doc(`emailEvents/${marker}`).get()).exists).toBe(false);
    }
    expect((await entryOf(res.body._id)).dispatch.email.status).not.toBe('failed');
    // Within the window (a delivery a few minutes late) it is applied.
    const late = await postSignedEvents(event('evt-late'), Date.now() - 9 * minutes);
    expect(late.body).toMatchObject({ applied: 1 });
  });
});

describe('email safety', () => {
  it('escapes the customer name in the HTML, fills and flattens the subject', async () => {
    const evil = await seedCustomer({
      names: ['Ravi<a href="https://evil.example/login">Verify</a>'],
      emails: ['evil@example.in'],
    });
    const res = await request(employee)
      .post('/api/entries')
      .send({
        customer: evil,
        description: 'x',
        email: { html: '<p>Dear {{name}},</p>', subject: 'Quote for {{name}}\r\nBcc: all@x.in' },
      });
    expect(res.status).toBe(201);
    const [mail] = await world.sent();
    const body = mail.body as { subject: string; content: { type: string; value: string }[] };
    const html = body.content.find((c) => c.type === 'text/html')!.value;
    expect(html).not.toContain('<a href');
    expect(html).toContain('&#60;a href=&#34;https://evil.example/login&#34;&#62;');
    expect(body.subject).not.toMatch(/[\r\n]/);
    expect(body.subject).toContain('Quote for Ravi<a href');
  });
});

describe('resend tells the truth per channel', () => {
  it('answers 200 with the failed channel when one of two failed', async () => {
    const created = await addEntry({ email: { body: 'Hi', subject: 'Quote' } });
    await world.control('next', {
      channel: 'email',
      status: 400,
      body: {
        errors: [{ message: 'Does not contain a valid address.', field: 'personalizations.0.to' }],
      },
    });
    const res = await request(employee)
      .post(`/api/entries/${created.body._id}/resend`)
      .send({ send: { whatsapp: {}, email: {} } });
    expect(res.status).toBe(200);
    expect(res.body.failed).toEqual(['email']);
    expect(res.body.dispatch.email.error).toContain('Does not contain a valid address');
  });
});

describe('a late callback', () => {
  it('about the message before a resend changes that message, not what the entry shows', async () => {
    const created = await addEntry({ email: { body: 'Hi', subject: 'Quote' } });
    const first = created.body.dispatch.email.outboundId as string;
    await eventually(async () =>
      (await entryOf(created.body._id)).dispatch.email.status === 'delivered' ? true : undefined,
    );
    const resent = await request(employee)
      .post(`/api/entries/${created.body._id}/resend`)
      .send({ send: { email: {} } });
    expect(resent.status).toBe(200);
    const second = (await entryOf(created.body._id)).dispatch.email.outboundId as string;
    expect(second).not.toBe(first);

    // The customer opens the first email after the resend.
    const opened = JSON.stringify([
      {
        event: 'open',
        sg_event_id: 'evt-late-open',
        outboundId: first,
        timestamp: Math.floor(Date.now() / 1000),
        email: 'ravi@example.in',
      },
    ]);
    expect((await postSignedEvents(opened)).body).toMatchObject({ applied: 1 });
    const firstMessage = await getDb().collection('outboundMessages').doc(first).get();
    expect(firstMessage.get('parts')[0].delivery).toBe('opened');
    const shown = (await entryOf(created.body._id)).dispatch.email;
    expect(shown.outboundId).toBe(second);
    expect(shown.status).not.toBe('opened');
  });
});
