// "Send to new matches" (issue 45), through real HTTP against /api and the outbox playing Meta: a
// done broadcast of customer filters counts the customers its filters match now, those it
// already messaged counted apart (`alreadyMessaged`, by phone and by customer: a first-run
// customer whose first phone changed since is not messaged at the new one); sending queues only
// the new ones, paced as the first run, its counts and estimate growing; a retry with the same
// Idempotency-Key queues nothing more; nobody gets a second message. Only a done broadcast of
// filters has new matches (409 otherwise), and only with broadcasts.send.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { appAs } from '../entries/support';
import { eventually, useMessagingWorld } from '../messaging/support';

const admin = appAs('admin');
const employee = appAs('employee');
const world = useMessagingWorld();

const phoneOf = (i: number) => `+9198400${String(100000 + i).slice(1)}`;

async function addCustomer(i: number): Promise<{ id: string; phone: string }> {
  const res = await request(admin)
    .post('/api/customers')
    .send({ names: [`Meera${i} Patil`], phones: [phoneOf(i)] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body._id as string, phone: phoneOf(i) };
}

const PATILS = { filters: { q: 'Patil' } };

async function makeBroadcast(audience: object): Promise<string> {
  const res = await request(admin)
    .post('/api/broadcasts')
    .send({
      name: 'Tank offer',
      template: { name: 'season_offer', language: 'en' },
      params: [{ field: 'firstName' }, { text: 'SS tank prices until Friday.' }],
      audience,
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as string;
}

const report = async (id: string) => (await request(admin).get(`/api/broadcasts/${id}`)).body;
const newMatches = (id: string) => request(admin).get(`/api/broadcasts/${id}/new-matches`);
const sendNewMatches = (id: string, key?: string) => {
  const req = request(admin).post(`/api/broadcasts/${id}/new-matches`);
  return key ? req.set('Idempotency-Key', key) : req;
};
const whatsappTo = async () =>
  (await world.sent()).filter((m) => m.channel === 'whatsapp').map((m) => m.to[0]);

async function settled(id: string) {
  return eventually(async () => {
    const body = await report(id);
    return body.state === 'done' && body.counts.queued === 0 ? body : null;
  }, 30_000);
}

describe('Send to new matches', { timeout: 60_000 }, () => {
  it('queues only the customers the broadcast has not messaged, once, however often it is asked', async () => {
    const first = await Promise.all([0, 1, 2].map((i) => addCustomer(i)));
    const id = await makeBroadcast(PATILS);
    // Not done yet: nothing to extend.
    const early = await newMatches(id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'This broadcast is a draft: only a broadcast that is done can be sent to new matches',
    );
    expect((await request(admin).post(`/api/broadcasts/${id}/start`)).status).toBe(200);
    const firstRun = await settled(id);
    expect(firstRun?.counts).toMatchObject({ sent: 3, queued: 0 });
    expect((await whatsappTo()).sort()).toEqual(first.map((c) => c.phone.slice(1)).sort());

    // Nobody new yet: all three already messaged.
    const none = await newMatches(id);
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body).toMatchObject({ audienceCount: 0, estimatedCost: 0 });
    expect(none.body.excluded.alreadyMessaged).toBe(3);
    const nothing = await sendNewMatches(id);
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe(
      "Nobody new matches this broadcast's filters: 3 already messaged by this broadcast",
    );

    // Two new customers match; a first-run customer's first phone is another one now.
    const added = await Promise.all([3, 4].map((i) => addCustomer(i)));
    const movedPhone = phoneOf(9);
    const moved = await request(admin)
      .put(`/api/customers/${first[0].id}`)
      .send({ phones: [movedPhone, first[0].phone] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const counted = await newMatches(id);
    expect(counted.body).toMatchObject({
      audienceCount: 2,
      // Marketing at ₹0.8631 a message: 2 × 86.31 paise, rounded up.
      estimatedCost: 173,
      excluded: { alreadyMessaged: 3, optedOut: 0, duplicate: 0 },
    });
    expect(counted.body.sample.map((s: { phone: string }) => s.phone).sort()).toEqual(
      added.map((c) => c.phone).sort(),
    );
    expect(
      counted.body.excludedSample.find((s: { customerId: string }) => s.customerId === first[0].id),
    ).toMatchObject({ phone: movedPhone, reason: 'alreadyMessaged' });

    const sent = await sendNewMatches(id, 'new-matches-1');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.audienceCount).toBe(5);
    expect(sent.body.estimatedCost).toBe(259 + 173);
    expect(sent.body.newMatchRuns).toEqual([
      { at: expect.any(String), by: { _id: 'admin-uid', name: 'Anita Admin' }, added: 2 },
    ]);
    // The same request again answers the same and queues nothing more.
    const again = await sendNewMatches(id, 'new-matches-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(sent.body);

    const done = await settled(id);
    expect(done).toMatchObject({ audienceCount: 5, counts: { sent: 5, queued: 0, failed: 0 } });
    expect(done.newMatchRuns).toHaveLength(1);
    // Each phone exactly once; the moved customer's new phone got nothing.
    const to = await whatsappTo();
    expect(to.sort()).toEqual([...first, ...added].map((c) => c.phone.slice(1)).sort());
    expect(to).not.toContain(movedPhone.slice(1));
    const csv = await request(admin).get(`/api/broadcasts/${id}/recipients.csv`);
    expect(csv.text.trim().split('\r\n')).toHaveLength(6);

    // A later ask: nobody new, and still nobody messaged twice.
    expect((await newMatches(id)).body).toMatchObject({
      audienceCount: 0,
      excluded: { alreadyMessaged: 5 },
    });
    expect((await sendNewMatches(id, 'new-matches-2')).status).toBe(409);
    expect(await whatsappTo()).toHaveLength(5);
  });

  it('a pasted list has no new matches; an unknown broadcast is 404; broadcasts.send is needed', async () => {
    const { phone } = await addCustomer(0);
    const listed = await makeBroadcast({ phones: [phone] });
    const res = await newMatches(listed);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('pasted list of phones');
    expect((await sendNewMatches(listed)).status).toBe(409);
    expect((await newMatches('nope')).status).toBe(404);
    expect((await sendNewMatches('nope')).status).toBe(404);
    const denied = await request(employee).post(`/api/broadcasts/${listed}/new-matches`);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain('broadcasts.send');
    expect((await request(employee).get(`/api/broadcasts/${listed}/new-matches`)).status).toBe(403);
    expect(await whatsappTo()).toEqual([]);
  });
});
