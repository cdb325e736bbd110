// A database that was away for a while and is back: the instance reaches it again within
// seconds, not after gRPC's default reconnect wait (doubling up to 120 s). Between the Admin
// SDK and the database sits a TCP gate that refuses connections while closed.
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withDeadline } from '../../src/deadline';
import { getDb } from '../../src/firebase';

const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST!;
const [dbHost, dbPort] = firestoreHost.split(':');
const sockets = new Set<net.Socket>();
const gate = net.createServer((client) => {
  const db = net.connect(Number(dbPort), dbHost);
  for (const s of [client, db]) {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  }
  client.pipe(db).pipe(client);
});
let gatePort = 0;

const open = () => new Promise<void>((r) => gate.listen(gatePort, '127.0.0.1', r));
/** Refuses every new connection and cuts those open, as a database that went away. */
async function close() {
  await new Promise<void>((r) => {
    gate.close(() => r());
    for (const s of sockets) s.destroy();
  });
}

beforeAll(async () => {
  await open();
  gatePort = (gate.address() as net.AddressInfo).port;
  // Read by the Admin SDK when this file's Firestore client is made, on its first call.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${gatePort}`;
});
afterAll(async () => {
  process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  await close();
});

/** A fresh read every half second until one answers: ms from `from` to that answer. */
async function firstAnswerAfter(from: number): Promise<number> {
  for (;;) {
    const answered = await withDeadline(getDb().doc('probe/back').get(), 1_000, 'database').then(
      () => true,
      () => false,
    );
    if (answered) return Date.now() - from;
    await new Promise((r) => setTimeout(r, 500));
  }
}

it('reaches the database within seconds of its return after a long absence', async () => {
  await getDb().doc('probe/back').get();
  await close();
  // Calls while it is away: each failed connection doubles gRPC's wait before the next one.
  const awayUntil = Date.now() + 40_000;
  while (Date.now() < awayUntil) {
    await withDeadline(getDb().doc('probe/back').get(), 1_000, 'database').catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1_000));
  }
  await open();
  expect(await firstAnswerAfter(Date.now())).toBeLessThan(8_000);
}, 90_000);
