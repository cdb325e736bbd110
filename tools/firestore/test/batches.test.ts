// WriteBatch: large atomic commits, mixed operations, all-or-nothing on a failed precondition.
import { describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { Code, expectCode, useFirestore } from './helpers.ts';

const db = useFirestore();
const col = db.collection('batches');

describe('WriteBatch', () => {
  it('commits 1,200 sets atomically in one batch', async () => {
    const batch = db.batch();
    for (let i = 0; i < 1200; i++) {
      batch.set(col.doc(`d${String(i).padStart(4, '0')}`), { i, even: i % 2 === 0 });
    }
    const results = await batch.commit();
    expect(results).toHaveLength(1200);
    // Every write of one commit has the same write time.
    expect(new Set(results.map((r) => r.writeTime.valueOf())).size).toBe(1);
    expect((await col.count().get()).data().count).toBe(1200);
    expect((await col.where('even', '==', true).count().get()).data().count).toBe(600);
    const last = await col.orderBy('i', 'desc').limit(1).get();
    expect(last.docs[0].data()).toEqual({ i: 1199, even: false });
    // One query streams all of them back, in order.
    const all = await col.orderBy('i').get();
    expect(all.size).toBe(1200);
    expect(all.docs.every((d, i) => d.get('i') === i)).toBe(true);
  });

  it('mixes set, set merge, update, create and delete', async () => {
    await col.doc('keep').set({ a: 1, b: 1 });
    await col.doc('gone').set({ a: 1 });
    const batch = db.batch();
    batch.set(col.doc('new'), { n: 1 });
    batch.set(col.doc('keep'), { c: 3 }, { merge: true });
    batch.update(col.doc('keep'), { a: FieldValue.increment(1), b: FieldValue.delete() });
    batch.create(col.doc('created'), { ok: true });
    batch.delete(col.doc('gone'));
    await batch.commit();
    const snap = await col.get();
    expect(snap.docs.map((d) => [d.id, d.data()])).toEqual([
      ['created', { ok: true }],
      ['keep', { a: 2, c: 3 }],
      ['new', { n: 1 }],
    ]);
  });

  it('applies writes to the same document in order', async () => {
    const ref = col.doc('seq');
    const batch = db.batch();
    batch.set(ref, { v: 1, tags: ['a'] });
    batch.update(ref, { v: FieldValue.increment(1), tags: FieldValue.arrayUnion('b') });
    batch.update(ref, { v: FieldValue.increment(10) });
    await batch.commit();
    expect((await ref.get()).data()).toEqual({ v: 12, tags: ['a', 'b'] });
  });

  it('with a failing update precondition writes nothing (NOT_FOUND)', async () => {
    await col.doc('existing').set({ v: 1 });
    const batch = db.batch();
    for (let i = 0; i < 50; i++) batch.set(col.doc(`p${i}`), { i });
    batch.update(col.doc('existing'), { v: 2 });
    batch.update(col.doc('missing'), { v: 1 });
    await expectCode(batch.commit(), Code.NOT_FOUND);
    const snap = await col.get();
    expect(snap.docs.map((d) => [d.id, d.data()])).toEqual([['existing', { v: 1 }]]);
  });

  it('with a failing create writes nothing (ALREADY_EXISTS)', async () => {
    await col.doc('taken').set({ v: 1 });
    const batch = db.batch();
    batch.set(col.doc('a'), { v: 1 });
    batch.create(col.doc('taken'), { v: 2 });
    batch.delete(col.doc('taken'));
    await expectCode(batch.commit(), Code.ALREADY_EXISTS);
    const snap = await col.get();
    expect(snap.docs.map((d) => [d.id, d.data()])).toEqual([['taken', { v: 1 }]]);
  });

  it('with a stale lastUpdateTime writes nothing (FAILED_PRECONDITION)', async () => {
    const first = await col.doc('t').set({ v: 1 });
    await col.doc('t').set({ v: 2 });
    const batch = db.batch();
    batch.set(col.doc('b'), { v: 1 });
    batch.delete(col.doc('t'), { lastUpdateTime: first.writeTime });
    await expectCode(batch.commit(), Code.FAILED_PRECONDITION);
    expect((await col.doc('b').get()).exists).toBe(false);
    expect((await col.doc('t').get()).data()).toEqual({ v: 2 });
  });

  it('an empty batch commits', async () => {
    expect(await db.batch().commit()).toEqual([]);
  });
});
