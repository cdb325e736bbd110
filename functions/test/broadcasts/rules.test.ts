// Issue 45's rules not covered by sending.test.ts, through real HTTP against /api and the outbox
// playing Meta: a refusal other than the rate limits is failed with the reason in words and not
// tried again; a broadcast made for a time on the company's clocks is started by the every-minute
// job then, in its maker's name; a test goes to the sender's own phone as the first recipient
// reads it, and queues nothing of the broadcast; a recipient a dead dispatcher left mid-send is
// sent again only when Meta never named it; the report sets the cost of the messages delivered
// against the estimate.
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { now, setClock } from '../../src/clock';
import { noteDatabaseTrouble } from '../../src/database-trouble';
import { getDb } from '../../src/firebase';
import { runBroadcastDispatch } from '../../src/features/broadcasts';
import { deliverDueOutbound } from '../../src/features/messaging/outbound-worker';
import { appAs } from '../entries/support';
import { eventually, useMessagingWorld } from '../messaging/support';

const admin = appAs('admin');
const world = useMessagingWorld();

const phoneOf = (i: number) => `+9198300${String(100000 + i).slice(1)}`;

async function addCustomers(n: number): Promise<string[]> {
  const phones: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await request(admin)
      .post('/api/customers')
      .send({ names: [`Sunita${i} Kulkarni`], phones: [phoneOf(i)] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    phones.push(phoneOf(i));
  }
  return phones;
}

const OFFER = {
  name: 'Monsoon offer',
  template: { name: 'season_offer', language: 'en' },
  params: [{ field: 'firstName' }, { text: 'Monsoon prices on SS tanks until Friday.' }],
};

async function makeBroadcast(phones: string[], extra: object = {}): Promise<string> {
  const res = await request(admin)
    .post('/api/broadcasts')
    .send({ ...OFFER, audience: { phones }, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as string;
}

const act = (id: string, action: string) => request(admin).post(`/api/broadcasts/${id}/${action}`);
const report = async (id: string) => (await request(admin).get(`/api/broadcasts/${id}`)).body;
const whatsappTo = async () =>
  (await world.sent()).filter((m) => m.channel === 'whatsapp').map((m) => m.to[0]);

async function settled(id: string, ms = 30_000) {
  return eventually(async () => {
    const body = await report(id);
    return body.state === 'done' ? body : null;
  }, ms);
}

/** A broadcast to one new customer, started while a dead dispatcher holds the lease for an hour. */
async function startedUnderDeadDispatcher() {
  const [phone] = await addCustomers(1);
  const lease = getDb().doc('sendPacing/dispatcher');
  await lease.set({ holder: 'dead-instance', until: new Date(Date.now() + 60 * 60_000) });
  const id = await makeBroadcast([phone]);
  expect((await act(id, 'start')).status).toBe(200);
  return { phone, id, lease };
}

describe('broadcast rules', { timeout: 45_000 }, () => {
  it("another refusal is failed with Meta's reason in words and not tried again", async () => {
    const phones = await addCustomers(2);
    await world.control('next', {
      channel: 'whatsapp',
      status: 400,
      body: {
        error: {
          message: '(#131026) Message undeliverable',
          code: 131026,
          error_data: { details: 'The recipient is not a WhatsApp user' },
        },
      },
    });
    const id = await makeBroadcast(phones);
    expect((await act(id, 'start')).status).toBe(200);
    const done = await settled(id);
    expect(done.counts).toMatchObject({ sent: 1, failed: 1, queued: 0 });
    // The other phone got it; the refused one was not tried again.
    const sent = await whatsappTo();
    expect(sent).toHaveLength(1);
    const refused = phones.find((p) => p.slice(1) !== sent[0])!;
    const csv = await request(admin).get(`/api/broadcasts/${id}/recipients.csv`);
    const failed = csv.text.split('\r\n').find((line) => line.includes(refused));
    expect(failed).toContain(',failed,');
    expect(failed).toContain('WhatsApp could not deliver the message');
    expect(failed).toContain('131026');
    expect((await runBroadcastDispatch()).tried).toBe(0);
  });

  it("a time on the company's clocks: the every-minute job starts it then, in its maker's name", async () => {
    const phones = await addCustomers(2);
    // 10:00 in Kolkata on a day ahead is 04:30 UTC.
    const id = await makeBroadcast(phones, { sendAt: '2099-06-01T10:00' });
    expect((await report(id)).sendAt).toBe('2099-06-01T04:30:00.000Z');
    expect(await runBroadcastDispatch()).toEqual({ started: 0, tried: 0 });
    expect(await whatsappTo()).toEqual([]);
    const ahead = Date.parse('2099-06-01T04:30:05Z') - Date.now();
    setClock(() => Date.now() + ahead);
    try {
      const run = await runBroadcastDispatch();
      expect(run).toMatchObject({ started: 1, tried: 2 });
    } finally {
      setClock();
    }
    const done = await settled(id);
    expect(done).toMatchObject({
      startedBy: { _id: 'admin-uid', name: 'Anita Admin' },
      counts: { sent: 2, queued: 0 },
    });
    expect((await whatsappTo()).sort()).toEqual(phones.map((p) => p.slice(1)).sort());
  });

  it("a test goes to the sender's own phone as the first recipient reads it; the broadcast stays a draft", async () => {
    const phones = await addCustomers(2);
    const id = await makeBroadcast(phones);
    const none = await act(id, 'test');
    expect(none.status).toBe(422);
    expect(none.body.message).toContain('no mobile number');
    await getDb().doc('users/admin-uid').set({ phone: '+919800000042' }, { merge: true });
    const sent = await act(id, 'test');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ to: '+919800000042' });
    expect(sent.body.preview).toContain('Sunita0');
    expect(sent.body.preview).toContain('Monsoon prices on SS tanks until Friday');
    expect(await whatsappTo()).toEqual(['919800000042']);
    const body = JSON.stringify((await world.sent())[0].body);
    expect(body).toContain('season_offer');
    expect(body).toContain('Sunita0');
    const after = await report(id);
    expect(after.state).toBe('draft');
    const queued = await getDb()
      .collection('outboundMessages')
      .where('broadcastId', '==', id)
      .get();
    expect(queued.size).toBe(0);
    expect((await request(admin).post('/api/broadcasts/nope/test')).status).toBe(404);
  });

  it('recipients a dead dispatcher left mid-send: sent again when Meta never named them, not when its callback did', async () => {
    const phones = await addCustomers(2);
    const lease = getDb().doc('sendPacing/dispatcher');
    await lease.set({ holder: 'dead-instance', until: new Date(Date.now() + 60_000) });
    const id = await makeBroadcast(phones);
    expect((await act(id, 'start')).status).toBe(200);
    // Two minutes ago the dead dispatcher claimed both; Meta took only the second (its status
    // callback named it), the first never left.
    const claimedAt = new Date(Date.now() - 2 * 60_000);
    const [lost, taken] = phones.map((p) =>
      getDb().doc(`outboundMessages/${id}p${p.replace(/\D/g, '')}`),
    );
    await lost.update({ state: 'sending', claimToken: 'dead', claimedAt, attempts: 1 });
    const parts = (await taken.get()).get('parts') as Record<string, unknown>[];
    await taken.update({
      state: 'sending',
      claimToken: 'dead',
      claimedAt,
      attempts: 1,
      parts: [{ ...parts[0], delivery: 'delivered' }],
    });
    await lease.set({ holder: 'dead-instance', until: new Date(Date.now() - 1) });
    // Taken over from a holder that stopped: judged as if the database had failed until now,
    // 2 min after the claims, so Meta may still name the first for 2 min and the minute.
    expect((await runBroadcastDispatch()).tried).toBe(0);
    setClock(() => Date.now() + 3 * 60_000 + 5_000);
    try {
      expect((await runBroadcastDispatch()).tried).toBe(1);
    } finally {
      setClock();
    }
    const done = await settled(id);
    expect(done.counts).toMatchObject({ sent: 2, queued: 0, failed: 0 });
    expect(await whatsappTo()).toEqual([phones[0].slice(1)]);
  });

  it("a claim made before the database failed waits for Meta's callback as long again, then is judged", async () => {
    const [phone] = await addCustomers(1);
    const lease = getDb().doc('sendPacing/dispatcher');
    await lease.set({ holder: 'dead-instance', until: new Date(Date.now() + 60_000) });
    const id = await makeBroadcast([phone]);
    expect((await act(id, 'start')).status).toBe(200);
    // The dead dispatcher claimed it two minutes ago; the database failed this process 30 s ago,
    // 90 s after the claim: Meta, trying its callback again with doubling waits, may name the
    // message about as long after the database came back as the outage came after the claim.
    const claimedAt = new Date(Date.now() - 2 * 60_000);
    const message = getDb().doc(`outboundMessages/${id}p${phone.replace(/\D/g, '')}`);
    await message.update({ state: 'sending', claimToken: 'dead', claimedAt, attempts: 1 });
    setClock(() => Date.now() - 30_000);
    noteDatabaseTrouble();
    setClock();
    await lease.set({ holder: 'dead-instance', until: new Date(Date.now() - 1) });
    expect((await runBroadcastDispatch()).tried).toBe(0);
    expect((await message.get()).get('state')).toBe('sending');
    // This process saw the trouble 30 s ago but the database answered it only now: the outage
    // may have lasted until now, 2 min after the claim, so Meta may name the message until 2 min
    // (and the minute) from now. Past the 90 s that the trouble's first sight gave, it waits on.
    setClock(() => Date.now() + 2 * 60_000);
    try {
      expect((await runBroadcastDispatch()).tried).toBe(0);
      expect((await message.get()).get('state')).toBe('sending');
    } finally {
      setClock();
    }
    // Meta has not named it by then: it never left, and goes now.
    setClock(() => Date.now() + 3 * 60_000 + 5_000);
    try {
      expect((await runBroadcastDispatch()).tried).toBe(1);
    } finally {
      setClock();
    }
    expect(await whatsappTo()).toEqual([phone.slice(1)]);
  });

  it('a callback another instance refused after this process had its answer again holds the judgment as long again', async () => {
    const { phone, id } = await startedUnderDeadDispatcher();
    // Two hours on, past the trouble earlier tests noted; the dead dispatcher's lease has run out.
    const offset = 2 * 60 * 60_000;
    const at = (ms: number) => setClock(() => Date.now() + offset + ms);
    const claimedAt = new Date(Date.now() + offset - 2 * 60_000);
    const message = getDb().doc(`outboundMessages/${id}p${phone.replace(/\D/g, '')}`);
    await message.update({ state: 'sending', claimToken: 'dead', claimedAt, attempts: 1 });
    // Another instance answered one of Meta's callbacks 503 a minute after this process took the
    // lease over (its own calls answered, the webhook's cut at their deadline): Meta may name the
    // message until 3 min after that refusal (as long again as it came after the claim) and the minute.
    await getDb()
      .doc('callbackRefusals/whatsapp')
      .set({ refusedAt: Timestamp.fromMillis(Date.now() + offset + 60_000) });
    try {
      at(0);
      expect((await runBroadcastDispatch()).tried).toBe(0);
      // Past what the takeover alone waits for (2 min after it, and the minute).
      at(3 * 60_000 + 5_000);
      expect((await runBroadcastDispatch()).tried).toBe(0);
      expect((await message.get()).get('state')).toBe('sending');
      at(5 * 60_000 + 5_000);
      expect((await runBroadcastDispatch()).tried).toBe(1);
    } finally {
      setClock();
    }
    expect(await whatsappTo()).toEqual([phone.slice(1)]);
  });

  it("the queue's sweep of stale claims leaves a broadcast recipient to Meta's silence after an outage: sent, not 'unknown'", async () => {
    const { phone, id, lease } = await startedUnderDeadDispatcher();
    // Claimed 4 minutes ago by a dispatcher that died with the database, which came back only
    // now: Meta's callback, if it took the message, may come for 4 minutes and the minute more.
    const claimedAt = new Date(Date.now() - 4 * 60_000);
    const message = getDb().doc(`outboundMessages/${id}p${phone.replace(/\D/g, '')}`);
    await message.update({ state: 'sending', claimToken: 'dead', claimedAt, attempts: 1 });
    noteDatabaseTrouble();
    await deliverDueOutbound();
    // Past the queue's 5 minutes for a stale claim, Meta's silence does not tell yet.
    setClock(() => Date.now() + 90_000);
    try {
      await deliverDueOutbound();
      expect((await message.get()).get('state')).toBe('sending');
    } finally {
      setClock();
    }
    // It does now: the message never left, so it waits for its slot again, and goes.
    setClock(() => Date.now() + 5 * 60_000 + 5_000);
    try {
      await deliverDueOutbound();
      expect((await message.get()).get('state')).toBe('paced');
      await lease.set({ holder: 'dead-instance', until: new Date(Date.now() - 1) });
      expect((await runBroadcastDispatch()).tried).toBe(1);
    } finally {
      setClock();
    }
    expect(await whatsappTo()).toEqual([phone.slice(1)]);
    expect((await settled(id)).counts).toMatchObject({ sent: 1, failed: 0, queued: 0 });
  });

  it('a recipient whose sender stopped mid-send while the broadcast was cancelled is skipped as cancelled, not sent', async () => {
    const { phone, id } = await startedUnderDeadDispatcher();
    // An hour on, past any trouble the database gave earlier tests: the claim, 6 minutes old,
    // is judged by Meta's silence alone.
    setClock(() => Date.now() + 60 * 60_000);
    const claimedAt = new Date(now() - 6 * 60_000);
    const message = getDb().doc(`outboundMessages/${id}p${phone.replace(/\D/g, '')}`);
    await message.update({ state: 'sending', claimToken: 'dead', claimedAt, attempts: 1 });
    try {
      expect((await act(id, 'cancel')).status).toBe(200);
      expect((await message.get()).get('state')).toBe('sending');
      await deliverDueOutbound();
    } finally {
      setClock();
    }
    const stored = await message.get();
    expect(stored.get('state')).toBe('done');
    expect(stored.get('parts')[0]).toMatchObject({
      state: 'skipped',
      error: 'Not sent: the broadcast was cancelled',
    });
    expect(await whatsappTo()).toEqual([]);
    expect((await report(id)).counts).toMatchObject({ sent: 0, skipped: 1, queued: 0 });
  });

  it('a queuing still going is left to its caller; one cut short is finished by the job, once', async () => {
    const phones = await addCustomers(2);
    const id = await makeBroadcast(phones);
    const broadcast = getDb().doc(`broadcasts/${id}`);
    const queued = async () =>
      (await getDb().collection('outboundMessages').where('broadcastId', '==', id).get()).size;
    // Its start moved it to sending and is queuing it (no queuedAt yet).
    await broadcast.update({ state: 'sending', queuingFrom: Timestamp.now() });
    expect(await runBroadcastDispatch()).toEqual({ started: 0, tried: 0 });
    expect(await queued()).toBe(0);
    // The start's process died three minutes ago, before every recipient was queued.
    await broadcast.update({ queuingFrom: Timestamp.fromMillis(Date.now() - 3 * 60_000) });
    expect(await runBroadcastDispatch()).toEqual({ started: 0, tried: 2 });
    expect(await queued()).toBe(2);
    const done = await settled(id);
    expect(done.counts).toMatchObject({ sent: 2, queued: 0 });
    expect((await whatsappTo()).sort()).toEqual(phones.map((p) => p.slice(1)).sort());
  });

  it('the report sets the cost of the messages delivered against the estimate', async () => {
    const phones = await addCustomers(3);
    const id = await makeBroadcast(phones);
    const made = await report(id);
    // Marketing at ₹0.8631 a message: 3 × 86.31 paise, rounded up.
    expect(made).toMatchObject({ estimatedCost: 259, deliveredCost: 0 });
    expect((await act(id, 'start')).status).toBe(200);
    await settled(id);
    // The outbox calls back delivered for each: Meta bills those.
    const delivered = await eventually(async () => {
      const body = await report(id);
      return body.counts.delivered === 3 ? body : null;
    });
    expect(delivered).toMatchObject({ estimatedCost: 259, deliveredCost: 259 });
  });
});
