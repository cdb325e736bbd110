// A commit that lands while its answer is lost (the database killed, the connection cut between
// the two): a keyed create still answers 201 with the record it stored, once, and a repeat of
// it gets that same answer. Between the API and the database sits an HTTP/2 proxy that passes
// every gRPC call through and, when armed, loses a Commit's answer once the database gave it:
// by cutting the connection, or by sending the same Commit again and answering what that one
// gets (as the client library does itself after an UNAVAILABLE: the resent commit fails on the
// key the first one stored, or in a transaction on a transaction already committed).
import request from 'supertest';
import { expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { appAs } from '../entries/support';
import { passCall, useGrpcProxy } from '../support/grpc-proxy';

type Loss = 'cut' | 'resent';
const armed: Loss[] = [];
let lost = 0;

useGrpcProxy((stream, headers, upstream) => {
  const loss = String(headers[':path']).endsWith('/Commit') ? armed.shift() : undefined;
  if (!loss) return passCall(upstream, stream, headers, undefined);
  // The whole Commit first: it is sent twice in 'resent'.
  const body: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => body.push(chunk));
  stream.on('end', () =>
    passCall(
      upstream,
      stream,
      headers,
      body,
      () => {
        // The database has answered: the commit landed. Its caller never hears of it.
        lost++;
        if (loss === 'cut') stream.session?.destroy();
        // What the client library does after an UNAVAILABLE: the same Commit again.
        else passCall(upstream, stream, headers, body);
      },
      true,
    ),
  );
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
