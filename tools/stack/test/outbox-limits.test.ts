// The outbox plays Meta's sending limits (outbox/limits.ts): throughput (130429), the pair rate
// (131056), the messaging limit on business-initiated conversations (refused), and the marketing
// per-user limit (131049 by status callback) for the phones a test names; its defaults leave an
// ordinary chat alone, and the limits set survive a restart of the outbox. Its status callbacks
// come batched as Meta's may (updates due together in one notification), and are tried again
// until the app takes them, even while they cannot be signed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOutbox, type Outbox } from '../outbox.ts';
import { limitKeeper, type LimitKeeper } from '../outbox/limits.ts';

let dir: string;
let outbox: Outbox;
/** Meta's webhooks as the app would receive them. */
const webhooks: { statuses?: { id: string; status: string; errors?: { code: number }[] }[] }[] = [];
let app: http.Server;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'outbox-limits-'));
  app = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as {
        entry: { changes: { value: (typeof webhooks)[number] }[] }[];
      };
      webhooks.push(body.entry[0].changes[0].value);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  outbox = await startOutbox(dir, () => undefined);
  outbox.connect({
    baseUrl: `http://127.0.0.1:${(app.address() as AddressInfo).port}`,
    appSecret: () => Promise.resolve('secret'),
  });
});
afterAll(async () => {
  await outbox?.stop();
  app?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  webhooks.length = 0;
  await control('reset');
});
afterEach(() => control('reset'));

async function control(what: string, body?: object) {
  const post = body !== undefined || what === 'reset';
  const res = await fetch(`${outbox.url}/control/${what}`, {
    method: post ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json' },
    body: post ? JSON.stringify(body ?? {}) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const template = (name: string, params: string[]) => ({
  type: 'template',
  template: {
    name,
    language: { code: 'en' },
    components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }],
  },
});
/** A business-initiated marketing template (Namaste {{1}}, {{2}} …). */
const offer = template('season_offer', ['Ravi', 'Diwali prices on SS tanks.']);
const update = template('order_update', ['Your tank ships today']);

async function send(to: string, message: object = offer) {
  const res = await fetch(`${outbox.url}/whatsapp/v21.0/1098765432/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer wa-token' },
    body: JSON.stringify({ messaging_product: 'whatsapp', to, ...message }),
  });
  const body = (await res.json()) as {
    messages?: { id: string }[];
    error?: { code: number; message: string };
  };
  return { status: res.status, id: body.messages?.[0]?.id, code: body.error?.code, body };
}

const phone = (n: number) => `9198100${String(n).padStart(5, '0')}`;

describe("the outbox plays Meta's limits", () => {
  it('refuses with 130429 past the configured throughput, and takes sends again as the second passes', async () => {
    // One a second, so the refusals hold however slowly this machine serves the three sends.
    expect((await control('limits', { throughputPerSecond: 1 })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 3 }, (_, i) => send(phone(i))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ status: 400, code: 130429 });
    expect(refused[0].body.error?.message).toContain('Rate limit hit');
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await send(phone(20))).status).toBe(200);
    // Only what Meta took is in the outbox's record.
    const kept = (await (await fetch(`${outbox.url}/messages`)).json()) as unknown[];
    expect(kept).toHaveLength(2);
  });

  it('refuses with 131056 past a burst to one user (10 within 6 s by default), other users still get theirs', async () => {
    const ravi = '919812345678';
    await send('919811111111', { type: 'text', text: { body: 'hi' } });
    const answers = [];
    for (let i = 0; i < 11; i += 1)
      answers.push(await send(ravi, { type: 'text', text: { body: `line ${i}` } }));
    expect(answers.slice(0, 10).every((a) => a.status === 200)).toBe(true);
    expect(answers[10]).toMatchObject({ status: 400, code: 131056 });
    expect(answers[10].body.error?.message).toContain('pair rate limit hit');
    expect((await send('919822222222')).status).toBe(200);
  });

  it('refuses business-initiated sends to new users past the messaging limit; users already reached, and open windows, still get theirs', async () => {
    await control('limits', { messagingLimit: 3 });
    for (let i = 0; i < 3; i += 1) expect((await send(phone(i), update)).status).toBe(200);
    const past = await send(phone(3), update);
    expect(past).toMatchObject({ status: 400, code: 131048 });
    expect(past.body.error?.message).toContain('Spam rate limit hit');
    expect(JSON.stringify(past.body)).toContain('messaging limit of 3 unique users');
    // A user reached already in these 24 hours counts once.
    expect((await send(phone(1), update)).status).toBe(200);
    // A user who wrote in (open window) is not a business-initiated conversation.
    await control('inbound', { from: `+${phone(9)}`, text: 'Price?' });
    expect((await send(phone(9), update)).status).toBe(200);
    expect((await send(phone(9), { type: 'text', text: { body: 'Here' } })).status).toBe(200);
    // The users reached are kept across a restart of the outbox.
    await outbox.stop();
    // The client's kept-alive connections see the close before the next request.
    await new Promise((resolve) => setTimeout(resolve, 100));
    outbox = await startOutbox(dir, () => undefined, Number(new URL(outbox.url).port));
    expect((await control('limits')).body).toMatchObject({ messagingLimit: 3 });
    expect((await send(phone(4), update)).code).toBe(131048);
    expect((await send(phone(2), update)).status).toBe(200);
  });

  it('answers 131049 by status callback for the numbers chosen, for marketing templates only', async () => {
    outbox.connect({
      baseUrl: `http://127.0.0.1:${(app.address() as AddressInfo).port}`,
      appSecret: () => Promise.resolve('secret'),
    });
    const capped = '919844444444';
    await control('limits', { marketingCapped: [`+${capped}`] });
    const marketing = await send(capped);
    // Meta takes the request; the failure comes by webhook.
    expect(marketing.status).toBe(200);
    const utility = await send(capped, update);
    const free = await send('919855555555');
    await expect
      .poll(() => webhooks.flatMap((w) => w.statuses ?? []).length, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(1 + 3 + 3);
    const statuses = webhooks.flatMap((w) => w.statuses ?? []);
    const of = (id?: string) => statuses.filter((s) => s.id === id).map((s) => s.status);
    expect(of(marketing.id)).toEqual(['failed']);
    expect(statuses.find((s) => s.id === marketing.id)?.errors?.[0].code).toBe(131049);
    expect(of(utility.id)).toContain('delivered');
    expect(of(free.id)).toContain('delivered');
  });

  it("posts the statuses due together in one notification, each message's in Meta's order", async () => {
    const sent = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(`9198666660${String(i).padStart(2, '0')}`, update)),
    );
    await expect
      .poll(() => webhooks.flatMap((w) => w.statuses ?? []).length, { timeout: 5_000 })
      .toBe(30);
    // sent, delivered and read come 100, 400 and 900 ms after a send: three notifications when
    // the ten sends are taken within a few milliseconds, a few more on a slow machine.
    expect(webhooks.length).toBeLessThanOrEqual(6);
    expect(Math.max(...webhooks.map((w) => w.statuses?.length ?? 0))).toBeGreaterThan(1);
    const statuses = webhooks.flatMap((w) => w.statuses ?? []);
    for (const { id } of sent)
      expect(statuses.filter((s) => s.id === id).map((s) => s.status)).toEqual([
        'sent',
        'delivered',
        'read',
      ]);
  });

  it("tries a status callback again while the app's secret cannot be read, and loses none", async () => {
    let unreadable = 3;
    outbox.connect({
      baseUrl: `http://127.0.0.1:${(app.address() as AddressInfo).port}`,
      // The app's database down: the secret the callbacks are signed with cannot be read.
      appSecret: () =>
        unreadable-- > 0
          ? Promise.reject(new Error('14 UNAVAILABLE: No connection established'))
          : Promise.resolve('secret'),
    });
    try {
      const { id } = await send(phone(30), update);
      await expect
        .poll(() => webhooks.flatMap((w) => w.statuses ?? []).filter((s) => s.id === id).length, {
          timeout: 10_000,
        })
        .toBe(3);
      expect(unreadable).toBeLessThan(0);
    } finally {
      outbox.connect({
        baseUrl: `http://127.0.0.1:${(app.address() as AddressInfo).port}`,
        appSecret: () => Promise.resolve('secret'),
      });
    }
  });

  it('refuses a malformed configuration with the reason, and keeps the defaults', async () => {
    const bad = await control('limits', { throughputPerSecond: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('throughputPerSecond');
    expect((await control('limits', { messagingLimit: -1 })).status).toBe(400);
    expect((await control('limits', { marketingCapped: '+91' })).status).toBe(400);
    expect((await control('limits')).body).toEqual({
      throughputPerSecond: 80,
      pairBurst: 10,
      pairWindowMs: 6_000,
      messagingLimit: 0,
      marketingCapped: [],
    });
  });
});

// The pace itself, on the outbox's own clock: a busy machine cannot stretch or squeeze the
// milliseconds between sends here.
describe("the outbox's limits, second by second", () => {
  const keeperAt = (limits: Parameters<LimitKeeper['configure']>[0]) => {
    const keeper = limitKeeper(mkdtempSync(path.join(tmpdir(), 'outbox-clock-')));
    keeper.configure(limits);
    return keeper;
  };

  it('never refuses a steady pace at the configured throughput, and refuses the first send beyond it', () => {
    const keeper = keeperAt({ throughputPerSecond: 20 });
    const start = Date.now();
    for (let i = 0; i < 60; i += 1)
      expect(keeper.admit(phone(i), false, start + i * 50)).toBe(undefined);
    // A burst on top of that pace: the bucket holds no more than a second's worth.
    const at = start + 60 * 50;
    const burst = Array.from({ length: 21 }, (_, i) => keeper.admit(phone(100 + i), false, at));
    expect(burst.filter((refusal) => refusal === undefined).length).toBeLessThanOrEqual(20);
    expect(burst.at(-1)?.code).toBe(130429);
  });

  it('takes one user again once the pair window has passed', () => {
    const keeper = keeperAt({ pairBurst: 2, pairWindowMs: 300 });
    const other = '919833333333';
    const start = Date.now();
    expect(keeper.admit(other, false, start)).toBe(undefined);
    expect(keeper.admit(other, false, start + 10)).toBe(undefined);
    expect(keeper.admit(other, false, start + 20)?.code).toBe(131056);
    expect(keeper.admit(other, false, start + 350)).toBe(undefined);
  });
});
