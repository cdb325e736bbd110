// What the API answers while its backends are down: a 503 naming what is down from
// /api/health, and data calls answered 503 within the deadline instead of hanging.
// (/api/health answering ok with both up: app.test.ts.)
import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedFirestore } from '../../../tools/firestore/src/index.ts';
import { createApp } from '../../src/app/app';
import { DATABASE_UNAVAILABLE } from '../../src/http/errors';

type Firestore = Awaited<ReturnType<typeof startEmbeddedFirestore>>;

/** A server that takes connections and never answers: a database that hangs. */
async function silentServer(): Promise<{ host: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => sockets.add(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    host: `127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

describe('backends down', () => {
  const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
  let firestore: Firestore;
  let hanging: Awaited<ReturnType<typeof silentServer>>;

  beforeAll(async () => {
    // This file's own database, so that stopping it leaves the shared one alone. The Admin SDK
    // reads the variable when its Firestore client is made, on this file's first call.
    firestore = await startEmbeddedFirestore({ port: 0 });
    hanging = await silentServer();
    process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
    // Auth reads its variable when it is first used: it is the hanging server for this file.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = hanging.host;
  });
  afterAll(async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
    await hanging.close();
  });

  const app = createApp();

  it('names Auth when Auth does not answer', async () => {
    const started = Date.now();
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 'unavailable',
      down: ['auth'],
      message: 'Unavailable: auth',
    });
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('answers 503 fast, from health and from data calls, once the database has stopped', async () => {
    await firestore.close();
    let started = Date.now();
    const health = await request(app).get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', down: ['database', 'auth'] });
    expect(Date.now() - started).toBeLessThan(4_000);

    started = Date.now();
    const data = await request(app).get('/api/settings/public');
    expect(data.status).toBe(503);
    expect(data.body).toEqual({ message: DATABASE_UNAVAILABLE });
    // About the 5 s deadline, never the client's minutes of retries.
    expect(Date.now() - started).toBeLessThan(6_500);
  }, 20_000);
});
