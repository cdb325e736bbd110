// A commit that lands while its answer is lost (the database killed, the connection cut between
// the two): a keyed create still answers 201 with the record it stored, once, and a repeat of
// it gets that same answer. Between the API and the database sits an HTTP/2 proxy that passes
// every gRPC call through and, when armed, loses a Commit's answer once the database gave it:
// by cutting the connection, or by sending the same Commit again and answering what that one
// gets (as the client library does itself after an UNAVAILABLE: the resent commit fails on the
// key the first one stored, or in a transaction on a transaction already committed).
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
type Loss = 'cut' | 'resent';
const armed: Loss[] = [];
let lost = 0;

proxy.on('session', (session) => {
  sessions.add(session);
  session.on('close', () => sessions.delete(session));
});
/** Passes one gRPC call to the database, its answer back to `stream` unless told otherwise. */
function pass(
  stream: http2.ServerHttp2Stream,
  headers: http2.IncomingHttpHeaders,
  body: Buffer[] | undefined,
  answered: (lostAnswer: boolean) => void = () => undefined,
  loseAnswer = false,
) {
  const forwarded = Object.fromEntries(
    Object.entries(headers).filter(([name]) => name !== ':scheme' && name !== ':authority'),
  );
  const call = upstream.request(forwarded);
  if (body) call.end(Buffer.concat(body));
  else stream.pipe(call);
  let trailers: http2.OutgoingHttpHeaders = {};
  // A failure is answered trailers-only: headers holding the status, ending the stream.
  let trailersOnly = false;
  call.on('response', (answer) => {
    trailersOnly = answer['grpc-status'] !== undefined;
    if (loseAnswer) return;
    stream.respond(answer, trailersOnly ? { endStream: true } : { waitForTrailers: true });
  });
  call.on('data', (chunk: Buffer) => {
    if (!loseAnswer) stream.write(chunk);
  });
  call.on('trailers', (received) => (trailers = received));
  call.on('end', () => {
    if (!loseAnswer && !trailersOnly) stream.end();
    answered(loseAnswer);
  });
  if (loseAnswer) return;
  stream.on('wantTrailers', () => stream.sendTrailers(trailers));
  call.on('error', () => stream.destroy());
  stream.on('error', () => call.destroy());
}

proxy.on('stream', (stream, headers) => {
  const loss = String(headers[':path']).endsWith('/Commit') ? armed.shift() : undefined;
  if (!loss) return pass(stream, headers, undefined);
  // The whole Commit first: it is sent twice in 'resent'.
  const body: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => body.push(chunk));
  stream.on('end', () =>
    pass(
      stream,
      headers,
      body,
      () => {
        // The database has answered: the commit landed. Its caller never hears of it.
        lost++;
        if (loss === 'cut') stream.session?.destroy();
        // What the client library does after an UNAVAILABLE: the same Commit again.
        else pass(stream, headers, body);
      },
      true,
    ),
  );
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

it.each<Loss>(['cut', 'resent'])(
  'answers a keyed create whose commit answer was lost (%s) with the record it stored, once',
  async (loss) => {
    const employee = appAs('employee');
    const name = `Lost Answer ${loss}`;
    const create = () =>
      request(employee)
        .post('/api/customers')
        .set('Idempotency-Key', `lost-answer-${loss}`)
        .send({ names: [name] });
    const named = () =>
      getDb().collection('customers').where('names', 'array-contains', name).get();
    // Warm the connection: the loss applies to the create's commit only.
    expect((await request(employee).get('/api/customers')).status).toBe(200);

    armed.push(loss);
    const lostBefore = lost;
    const first = await create();
    expect(lost).toBe(lostBefore + 1);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await named()).docs.map((d) => d.id)).toEqual([first.body._id]);

    const again = await create();
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await named()).size).toBe(1);
  },
);

it.each<Loss>(['cut', 'resent'])(
  'answers a keyed entry (a transaction) whose commit answer was lost (%s) with the entry it stored, once',
  async (loss) => {
    const employee = appAs('employee');
    const customer = await request(employee)
      .post('/api/customers')
      .send({ names: [`Entry Customer ${loss}`] });
    expect(customer.status).toBe(201);
    const description = `Lost entry ${loss}`;
    const create = () =>
      request(employee)
        .post('/api/entries')
        .set('Idempotency-Key', `lost-entry-${loss}`)
        .send({ customer: customer.body._id, description });
    const stored = async () =>
      (await getDb().collection('entries').get()).docs.filter(
        (d) => d.get('description') === description,
      );

    armed.push(loss);
    const lostBefore = lost;
    const first = await create();
    expect(lost).toBe(lostBefore + 1);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await stored()).map((d) => d.id)).toEqual([first.body._id]);

    const again = await create();
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await stored()).toHaveLength(1);
  },
);
