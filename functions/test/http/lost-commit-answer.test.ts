// A commit that lands while its answer is lost (the database killed, the connection cut between
// the two): a keyed create still answers 201 with the record it stored, once, and a repeat of
// it gets that same answer. Between the API and the database sits an HTTP/2 proxy that passes
// every gRPC call through and, when armed, cuts the connection as a Commit's answer comes back.
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { appAs } from '../entries/support';
import { resetBackends } from '../support/backends';

const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST!;
const upstream = http2.connect(`http://${firestoreHost}`);
const proxy = http2.createServer();
const sessions = new Set<http2.ServerHttp2Session>();
let commitsToCut = 0;
let commitsCut = 0;

proxy.on('session', (session) => {
  sessions.add(session);
  session.on('close', () => sessions.delete(session));
});
proxy.on('stream', (stream, headers) => {
  const forwarded = Object.fromEntries(
    Object.entries(headers).filter(([name]) => name !== ':scheme' && name !== ':authority'),
  );
  const call = upstream.request(forwarded);
  stream.pipe(call);
  const cut = String(headers[':path']).endsWith('/Commit') && commitsToCut > 0;
  if (cut) commitsToCut--;
  let trailers: http2.OutgoingHttpHeaders = {};
  call.on('response', (answer) => {
    if (!cut) stream.respond(answer, { waitForTrailers: !answer['grpc-status'] });
  });
  call.on('data', (chunk: Buffer) => {
    if (!cut) stream.write(chunk);
  });
  call.on('trailers', (received) => (trailers = received));
  call.on('end', () => {
    if (!cut) return stream.end();
    // The database has answered: the commit landed. Its caller never hears of it.
    commitsCut++;
    stream.session?.destroy();
  });
  stream.on('wantTrailers', () => stream.sendTrailers(trailers));
  call.on('error', () => stream.destroy());
  stream.on('error', () => call.destroy());
});

beforeAll(async () => {
  await resetBackends();
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  // Read by the Admin SDK when this file's Firestore client is made, on its first call.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  for (const session of sessions) session.destroy();
  upstream.close();
  await new Promise((r) => proxy.close(r));
});

it('answers a keyed create whose commit answer was lost with the record it stored, once', async () => {
  const employee = appAs('employee');
  const create = () =>
    request(employee)
      .post('/api/customers')
      .set('Idempotency-Key', 'lost-answer-1')
      .send({ names: ['Lost Answer'] });
  // Warm the connection: the cut applies to the create's commit only.
  expect((await request(employee).get('/api/customers')).status).toBe(200);

  commitsToCut = 1;
  const first = await create();
  expect(commitsCut).toBe(1);
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  const stored = await getDb()
    .collection('customers')
    .where('names', 'array-contains', 'Lost Answer')
    .get();
  expect(stored.docs.map((d) => d.id)).toEqual([first.body._id]);

  const again = await create();
  expect(again.status).toBe(201);
  expect(again.body).toEqual(first.body);
  expect(
    (await getDb().collection('customers').where('names', 'array-contains', 'Lost Answer').get())
      .size,
  ).toBe(1);
});
