// runTransaction: read-modify-write, contention and retries, read-only transactions, getAll,
// queries and aggregations inside a transaction, rollback on error.
import { describe, expect, it } from 'vitest';
import { AggregateField, FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  Code,
  EMBEDDED,
  EMBEDDED_ONLY,
  expectCode,
  ids,
  resetDatabase,
  sleep,
  useFirestore,
} from './helpers.ts';

const db = useFirestore();
const col = db.collection('transactions');

describe('read-modify-write', () => {
  it('reads a document and writes based on it', async () => {
    const ref = col.doc('rmw');
    await ref.set({ balance: 100, history: [] });
    const result = await db.runTransaction(async (t) => {
      const snap = await t.get(ref);
      const balance = snap.get('balance') as number;
      t.update(ref, { balance: balance - 30, history: FieldValue.arrayUnion('withdraw 30') });
      return balance - 30;
    });
    expect(result).toBe(70);
    expect((await ref.get()).data()).toEqual({ balance: 70, history: ['withdraw 30'] });
  });

  it('creates a document that a read found missing', async () => {
    const ref = col.doc('fresh');
    await db.runTransaction(async (t) => {
      const snap = await t.get(ref);
      expect(snap.exists).toBe(false);
      t.create(ref, { created: true });
    });
    expect((await ref.get()).data()).toEqual({ created: true });
  });

  it('applies all its writes (set, update, delete, create) together', async () => {
    await col.doc('w1').set({ a: 1 });
    await col.doc('w2').set({ a: 2 });
    await db.runTransaction(async (t) => {
      const [w1, w2] = await t.getAll(col.doc('w1'), col.doc('w2'));
      t.set(col.doc('w3'), { sum: (w1.get('a') as number) + (w2.get('a') as number) });
      t.update(col.doc('w1'), { a: FieldValue.increment(10) });
      t.delete(col.doc('w2'));
      t.create(col.doc('w4'), { made: 'here' });
    });
    const snap = await col.get();
    expect(snap.docs.map((d) => [d.id, d.data()])).toEqual([
      ['w1', { a: 11 }],
      ['w3', { sum: 3 }],
      ['w4', { made: 'here' }],
    ]);
  });

  it('the writes of a transaction share one commit time', async () => {
    await db.runTransaction(async (t) => {
      await t.get(col.doc('x'));
      t.set(col.doc('x'), { v: 1 });
      t.set(col.doc('y'), { v: 2 });
    });
    const [x, y] = await db.getAll(col.doc('x'), col.doc('y'));
    expect(x.updateTime?.isEqual(y.updateTime as Timestamp)).toBe(true);
  });
});

describe('contention', () => {
  async function concurrentIncrements(n: number): Promise<{ value: unknown; calls: number }> {
    const ref = col.doc(`counter${n}`);
    await ref.set({ n: 0 });
    let calls = 0;
    await Promise.all(
      Array.from({ length: n }, () =>
        db.runTransaction(
          async (t) => {
            calls++;
            const snap = await t.get(ref);
            t.update(ref, { n: (snap.get('n') as number) + 1 });
          },
          { maxAttempts: 20 },
        ),
      ),
    );
    return { value: (await ref.get()).get('n'), calls };
  }

  it('two concurrent increments both land', async () => {
    const { value, calls } = await concurrentIncrements(2);
    expect(value).toBe(2);
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('five concurrent increments all land', async () => {
    const { value, calls } = await concurrentIncrements(5);
    expect(value).toBe(5);
    expect(calls).toBeGreaterThanOrEqual(5);
  });

  it('a transaction whose read was changed by another transaction retries', async () => {
    const ref = col.doc('retry');
    await ref.set({ n: 0 });
    // Both transactions read the document before either commits: serializability forces one
    // of them to run its update function again.
    let calls = 0;
    let reads = 0;
    let release = (): void => {};
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const run = (): Promise<void> =>
      db.runTransaction(async (t) => {
        calls++;
        const snap = await t.get(ref);
        if (++reads === 2) release();
        await Promise.race([bothRead, sleep(5_000)]);
        t.update(ref, { n: (snap.get('n') as number) + 1 });
      });
    await Promise.all([run(), run()]);
    expect(calls).toBeGreaterThanOrEqual(3);
    expect((await ref.get()).get('n')).toBe(2);
  });
});

describe('aborts', () => {
  it('a transaction out of attempts fails with ABORTED (10) and writes nothing', async () => {
    const ref = col.doc('aborted');
    await ref.set({ n: 0 });
    let reads = 0;
    let release = (): void => {};
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const run = (tag: string): Promise<void> =>
      db.runTransaction(
        async (t) => {
          const snap = await t.get(ref);
          if (++reads === 2) release();
          await Promise.race([bothRead, sleep(5_000)]);
          t.update(ref, { n: (snap.get('n') as number) + 1, [tag]: true });
        },
        { maxAttempts: 1 },
      );
    const results = await Promise.allSettled([run('a'), run('b')]);
    // At least one of them cannot commit; whether the other survives depends on how the
    // server breaks the conflict (the official emulator times both locks out).
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    for (const r of rejected) expect((r.reason as { code?: unknown }).code).toBe(Code.ABORTED);
    const winners = ['a', 'b'].filter((_, i) => results[i].status === 'fulfilled');
    const data = (await ref.get()).data() ?? {};
    expect(data).toEqual({
      n: winners.length,
      ...Object.fromEntries(winners.map((w) => [w, true])),
    });
  });
});

describe('locking', () => {
  it('a plain write to a document a transaction has read waits for the transaction', async () => {
    // Server SDK transactions are pessimistic: the read takes a lock, so the outside write is
    // applied after the commit (and the transaction does not need to retry).
    const ref = col.doc('locked');
    await ref.set({ n: 0 });
    let calls = 0;
    let outside: Promise<unknown> | undefined;
    let outsideDone = false;
    await db.runTransaction(async (t) => {
      calls++;
      const snap = await t.get(ref);
      if (!outside) {
        outside = ref.set({ n: 100 }).then(() => (outsideDone = true));
        await sleep(500);
        expect(outsideDone).toBe(false);
      }
      t.update(ref, { n: (snap.get('n') as number) + 1 });
    });
    await outside;
    expect(calls).toBe(1);
    expect((await ref.get()).get('n')).toBe(100);
  });
});

describe('read-only transactions', () => {
  it('read documents and queries', async () => {
    await col.doc('r1').set({ v: 1 });
    await col.doc('r2').set({ v: 2 });
    const result = await db.runTransaction(
      async (t) => {
        const one = await t.get(col.doc('r1'));
        const all = await t.get(col.orderBy('v', 'desc'));
        return { one: one.data(), all: ids(all) };
      },
      { readOnly: true },
    );
    expect(result).toEqual({ one: { v: 1 }, all: ['r2', 'r1'] });
  });

  it('with readTime read the data as it was then', async () => {
    const ref = col.doc('pit');
    const old = await ref.set({ v: 'old' });
    await sleep(20);
    await ref.set({ v: 'new' });
    await col.doc('later').set({ v: 'later' });
    const seen = await db.runTransaction(
      async (t) => {
        const doc = await t.get(ref);
        const q = await t.get(col);
        return { v: doc.get('v') as unknown, ids: ids(q) };
      },
      { readOnly: true, readTime: old.writeTime },
    );
    expect(seen).toEqual({ v: 'old', ids: ['pit'] });
  });

  it('do not block a concurrent writer and keep reading one consistent snapshot', async () => {
    const ref = col.doc('ro');
    await ref.set({ v: 1 });
    const values = await db.runTransaction(
      async (t) => {
        const first = await t.get(ref);
        await ref.set({ v: 2 }); // would wait for the lock under a read-write transaction
        const again = await t.get(ref);
        return [first.get('v') as unknown, again.get('v') as unknown];
      },
      { readOnly: true },
    );
    expect(values).toEqual([1, 1]);
    expect((await ref.get()).get('v')).toBe(2);
  });
});

describe('reads inside a transaction', () => {
  it('getAll returns documents in argument order, including missing ones', async () => {
    await col.doc('g1').set({ v: 1 });
    await col.doc('g3').set({ v: 3 });
    const snaps = await db.runTransaction((t) =>
      t.getAll(col.doc('g3'), col.doc('g2'), col.doc('g1')),
    );
    expect(snaps.map((s) => [s.id, s.exists, s.data()])).toEqual([
      ['g3', true, { v: 3 }],
      ['g2', false, undefined],
      ['g1', true, { v: 1 }],
    ]);
  });

  it('getAll with a field mask', async () => {
    await col.doc('m1').set({ a: 1, b: 2, c: { d: 3, e: 4 } });
    const [snap] = await db.runTransaction((t) =>
      t.getAll(col.doc('m1'), { fieldMask: ['a', 'c.d'] }),
    );
    expect(snap.data()).toEqual({ a: 1, c: { d: 3 } });
  });

  it('a query inside a transaction, then writes based on it', async () => {
    await col.doc('q1').set({ status: 'open', n: 1 });
    await col.doc('q2').set({ status: 'open', n: 2 });
    await col.doc('q3').set({ status: 'closed', n: 3 });
    await db.runTransaction(async (t) => {
      const open = await t.get(col.where('status', '==', 'open'));
      for (const d of open.docs) t.update(d.ref, { status: 'done' });
    });
    const snap = await col.orderBy('n').get();
    expect(snap.docs.map((d) => d.get('status') as string)).toEqual(['done', 'done', 'closed']);
  });

  it('an aggregation inside a transaction', async () => {
    await col.doc('a1').set({ n: 2 });
    await col.doc('a2').set({ n: 5 });
    const total = await db.runTransaction(async (t) => {
      const snap = await t.get(
        col.aggregate({ s: AggregateField.sum('n'), c: AggregateField.count() }),
      );
      t.set(col.doc('total'), snap.data());
      return snap.data();
    });
    expect(total).toEqual({ s: 7, c: 2 });
    expect((await col.doc('total').get()).data()).toEqual({ s: 7, c: 2 });
  });
});

describe('failures', () => {
  it('an update function that throws writes nothing and rejects with its error', async () => {
    const ref = col.doc('boom');
    await ref.set({ v: 1 });
    const failure = db.runTransaction(async (t) => {
      await t.get(ref);
      t.set(ref, { v: 2 });
      t.set(col.doc('other'), { v: 3 });
      throw new Error('boom');
    });
    await expect(failure).rejects.toThrow('boom');
    expect((await ref.get()).data()).toEqual({ v: 1 });
    expect((await col.doc('other').get()).exists).toBe(false);
  });

  it('a failing precondition aborts every write of the transaction', async () => {
    await col.doc('exists').set({ v: 1 });
    const failure = db.runTransaction(async (t) => {
      t.set(col.doc('side'), { v: 1 });
      t.create(col.doc('exists'), { v: 2 });
    });
    await expectCode(failure, Code.ALREADY_EXISTS);
    expect((await col.doc('side').get()).exists).toBe(false);
    expect((await col.doc('exists').get()).data()).toEqual({ v: 1 });
  });

  it('an update of a missing document fails with NOT_FOUND and writes nothing', async () => {
    const failure = db.runTransaction(async (t) => {
      t.set(col.doc('side2'), { v: 1 });
      t.update(col.doc('nope'), { v: 2 });
    });
    await expectCode(failure, Code.NOT_FOUND);
    expect((await col.doc('side2').get()).exists).toBe(false);
  });
});

describe.skipIf(!EMBEDDED)(`a transaction the server has forgotten ${EMBEDDED_ONLY}`, () => {
  it('is refused as production refuses an expired one, and the client library runs it again', async () => {
    // A restart of the server, or a clear, forgets every open transaction.
    let attempts = 0;
    const result = await db.runTransaction(async (t) => {
      attempts++;
      const snap = await t.get(col.doc('forgotten'));
      if (attempts === 1) await resetDatabase();
      t.set(col.doc('forgotten'), { attempts, existed: snap.exists });
      return attempts;
    });
    expect(result).toBe(2);
    expect((await col.doc('forgotten').get()).data()).toEqual({ attempts: 2, existed: false });
  });
});
