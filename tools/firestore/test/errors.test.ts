// Requests Firestore refuses: a clear gRPC error, never a wrong answer.
import { describe, expect, it } from 'vitest';
import { FieldValue, Filter } from 'firebase-admin/firestore';
import { Code, expectCode, grpcError, useFirestore } from './helpers.ts';

const db = useFirestore();
const col = db.collection('errors');

describe('invalid writes are rejected with INVALID_ARGUMENT (3)', () => {
  it('a reserved document id (__x__)', async () => {
    const error = await expectCode(col.doc('__reserved__').set({ a: 1 }), Code.INVALID_ARGUMENT);
    expect(error.message).toMatch(/reserved|invalid/i);
  });

  it('a numeric-looking id that is not a canonical 64-bit integer (__id007__, __id0__, 2^63)', async () => {
    for (const id of ['__id007__', '__id0__', '__id-0__', '__idx__', '__id9223372036854775808__']) {
      const error = await expectCode(col.doc(id).set({ a: 1 }), Code.INVALID_ARGUMENT);
      expect(error.message).toMatch(/reserved|64 bit integer/);
    }
    await col.doc('__id9223372036854775807__').set({ a: 1 });
    await col.doc('__id-9223372036854775808__').set({ a: 1 });
  });

  it("the document ids '.' and '..'", async () => {
    await expectCode(col.doc('.').set({ a: 1 }), Code.INVALID_ARGUMENT);
    await expectCode(col.doc('..').set({ a: 1 }), Code.INVALID_ARGUMENT);
  });

  it('a document id longer than 1,500 bytes', async () => {
    await expectCode(col.doc('x'.repeat(1600)).set({ a: 1 }), Code.INVALID_ARGUMENT);
  });

  it('a reserved field name (__x__)', async () => {
    await expectCode(col.doc('f').set({ __secret__: 1 }), Code.INVALID_ARGUMENT);
    expect((await col.doc('f').get()).exists).toBe(false);
  });

  it('a document larger than 1 MiB', async () => {
    await expectCode(col.doc('big').set({ s: 'x'.repeat(1_100_000) }), Code.INVALID_ARGUMENT);
    expect((await col.doc('big').get()).exists).toBe(false);
  });

  it('an array directly inside an array', async () => {
    await expectCode(col.doc('nested').set({ a: [1, [2, 3]] }), Code.INVALID_ARGUMENT);
  });

  it('a zero-length vector', async () => {
    await expectCode(col.doc('vec').set({ v: FieldValue.vector([]) }), Code.INVALID_ARGUMENT);
  });

  it('a rejected write in a batch leaves the other writes unapplied', async () => {
    const batch = db.batch();
    batch.set(col.doc('fine'), { a: 1 });
    batch.set(col.doc('bad'), { a: [[1]] });
    await expectCode(batch.commit(), Code.INVALID_ARGUMENT);
    expect((await col.doc('fine').get()).exists).toBe(false);
  });
});

describe('invalid queries are rejected with INVALID_ARGUMENT (3)', () => {
  it('in with an empty list', async () => {
    await expectCode(col.where('a', 'in', []).get(), Code.INVALID_ARGUMENT);
  });

  const values = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

  it('in with more than 30 values (30 is fine)', async () => {
    await col.doc('d').set({ a: 29 });
    expect((await col.where('a', 'in', values(30)).get()).size).toBe(1);
    await expectCode(col.where('a', 'in', values(31)).get(), Code.INVALID_ARGUMENT);
  });

  it('array-contains-any with more than 30 values', async () => {
    const q = col.where('a', 'array-contains-any', values(31));
    await expectCode(q.get(), Code.INVALID_ARGUMENT);
  });

  it('not-in with more than 10 values', async () => {
    await expectCode(col.where('a', 'not-in', values(11)).get(), Code.INVALID_ARGUMENT);
  });

  it('an or with more than 30 disjunctions', async () => {
    const or = Filter.or(...Array.from({ length: 31 }, (_, i) => Filter.where('a', '==', i)));
    await expectCode(col.where(or).get(), Code.INVALID_ARGUMENT);
  });

  it('two array-contains filters', async () => {
    const q = col.where('a', 'array-contains', 1).where('b', 'array-contains', 2);
    await expectCode(q.get(), Code.INVALID_ARGUMENT);
  });

  it('not-in together with !=', async () => {
    const q = col.where('a', 'not-in', [1]).where('b', '!=', 2);
    await expectCode(q.get(), Code.INVALID_ARGUMENT);
  });

  it('an invalid query in an aggregation is rejected the same way', async () => {
    await expectCode(col.where('a', 'in', []).count().get(), Code.INVALID_ARGUMENT);
  });

  it('errors carry a message', async () => {
    const error = await grpcError(col.where('a', 'in', []).get());
    expect(error.message).toMatch(/^3 INVALID_ARGUMENT: ./);
  });
});
