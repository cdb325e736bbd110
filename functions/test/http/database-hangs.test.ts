// A database that takes connections and never answers (a hung server, a lost network): a data
// call is answered 503 within about the 5 s deadline, never after the client's minutes of retries.
import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../src/app/app';
import { DATABASE_UNAVAILABLE } from '../../src/http/errors';

const sockets = new Set<net.Socket>();
const server = net.createServer((s) => sockets.add(s));
const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  // Read by the Admin SDK when this file's Firestore client is made, on its first call.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  for (const s of sockets) s.destroy();
  await new Promise((r) => server.close(r));
});

it('answers a data call 503 within the deadline when the database never answers', async () => {
  const started = Date.now();
  const res = await request(createApp()).get('/api/settings/public');
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ message: DATABASE_UNAVAILABLE });
  expect(Date.now() - started).toBeLessThan(6_500);
});
