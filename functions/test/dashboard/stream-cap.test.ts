// Notification streams per session and per account are capped on an instance: opening more ends
// the oldest (told to wait a minute before it reconnects), so one account cannot hold hundreds.
import { beforeEach, describe, expect, it } from 'vitest';
import { streamClientCount } from '../../src/features/notifications/stream';
import { streamCaps } from '../../src/features/notifications/stream-cap';
import { createApp } from '../../src/app/app';
import { createAccount, login, type TestAccount } from '../support/accounts';
import { resetBackends } from '../support/backends';
import { openStream, until } from '../support/event-stream';
import { serveDuringFile } from '../support/served-app';

const app = createApp();
const served = serveDuringFile(app);
let person: TestAccount;

beforeEach(async () => {
  await resetBackends();
  person = await createAccount({ role: 'sales' });
});

const open = (token: string) =>
  openStream(`${served.base()}/api/notifications/stream`, { Authorization: `Bearer ${token}` });

/** Opens streams one after another (each answered before the next), oldest first. */
async function openMany(token: string, count: number) {
  const streams = [];
  for (let i = 0; i < count; i++) {
    const before = streamClientCount();
    const stream = open(token);
    await until(() => streamClientCount() > before || streamClientCount() >= streamCaps.perSession);
    await new Promise((r) => setTimeout(r, 50));
    streams.push(stream);
  }
  return streams;
}

describe('notification streams per session and account', () => {
  it('keeps at most 5 per session open: a sixth and seventh end the two oldest', async () => {
    const token = await login(app, person);
    const streams = await openMany(token, 7);
    const [first, second, ...rest] = streams;
    expect(await first.done).toBe('ended');
    expect(await second.done).toBe('ended');
    expect(first.text().trimEnd().endsWith('retry: 60000')).toBe(true);
    await until(() => streamClientCount() === 5);
    for (const stream of rest) stream.close();
    await until(() => streamClientCount() === 0);
  });

  it('keeps at most 10 per account over its sessions', async () => {
    const tokens = await Promise.all([1, 2, 3].map(() => login(app, person)));
    const streams = [
      ...(await openMany(tokens[0], 4)),
      ...(await openMany(tokens[1], 4)),
      ...(await openMany(tokens[2], 4)),
    ];
    expect(await streams[0].done).toBe('ended');
    expect(await streams[1].done).toBe('ended');
    await until(() => streamClientCount() === 10);
    for (const stream of streams.slice(2)) stream.close();
    await until(() => streamClientCount() === 0);
  });
});
