// What a keyed request is compared by: its canonical JSON (keys sorted), so the same body with
// its keys in another order is a repeat, not a 422; and a body too deeply nested to compare is
// the same 400 with a key as without one.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs } from '../support/callers';

const employee = appAs('employee');

beforeEach(resetBackends);

const customerCount = async () =>
  (await getDb().collection('customers').count().get()).data().count;

/** `{"names": [[[ … ]]]}` nested `levels` deep, as text (JSON.stringify would refuse to write it). */
const deepBody = (levels: number) =>
  `{"names":${'['.repeat(levels)}"x"${']'.repeat(levels)},"note":"deep"}`;

describe('keyed requests', () => {
  it('answers 400 for a body nested 10,000 levels deep, with an Idempotency-Key or without', async () => {
    for (const key of ['deep-1', undefined]) {
      const call = request(employee).post('/api/customers').type('json');
      if (key) void call.set('Idempotency-Key', key);
      const res = await call.send(deepBody(10_000));
      expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body).toEqual({ message: 'The JSON body nests deeper than 64 levels.' });
    }
    expect(await customerCount()).toBe(0);
  });

  it('treats the same body with its keys in another order as a repeat', async () => {
    const send = (body: string) =>
      request(employee)
        .post('/api/customers')
        .type('json')
        .set('Idempotency-Key', 'same-body')
        .send(body);
    const first = await send('{"names":["Ravi"],"note":"call","categories":["PHE"]}');
    expect(first.status).toBe(201);
    const again = await send('{"categories":["PHE"],"note":"call","names":["Ravi"]}');
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await customerCount()).toBe(1);
    // Another body under the key is still another request.
    const other = await send('{"names":["Ravi"],"note":"call","categories":["PP"]}');
    expect(other.status).toBe(422);
  });
});
