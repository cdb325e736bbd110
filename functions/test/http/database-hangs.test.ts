// A database that takes connections and never answers (a hung server, a lost network): a data
// call is answered 503 within about the 5 s deadline, never after the client's minutes of retries.
import express from 'express';
import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../src/app/app';
import { databaseAnswered } from '../../src/database-trouble';
import { databaseDeadline } from '../../src/health/database-deadline';
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

it('lets a request whose own database calls keep answering run past the deadline', async () => {
  // The database probe still hangs; what this request's calls got (a large import's steps
  // answering one after another) shows the database busy, not down.
  const app = express();
  app.use(databaseDeadline(2_500));
  app.get('/busy', async (_req, res) => {
    for (let step = 0; step < 20; step++) {
      databaseAnswered();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    res.json({ done: true });
  });
  app.get('/stalled', async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    if (!res.headersSent) res.json({ done: true });
  });
  const busy = await request(app).get('/busy');
  expect(busy.status).toBe(200);
  // Once its calls stop answering for longer than the deadline, a request is cut as before.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const stalled = await request(app).get('/stalled');
  expect(stalled.status).toBe(503);
}, 20_000);
