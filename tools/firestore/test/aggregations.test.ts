// count(), sum(), average() through query.count() and query.aggregate().
import { beforeEach, describe, expect, it } from 'vitest';
import { AggregateField } from 'firebase-admin/firestore';
import { useBigIntFirestore, useFirestore } from './helpers.ts';

const db = useFirestore();
const big = useBigIntFirestore();
const col = db.collection('aggregations');

beforeEach(async () => {
  const batch = db.batch();
  batch.set(col.doc('a'), { x: 1, y: 1.5, g: 'p', s: 'text' });
  batch.set(col.doc('b'), { x: 2, y: 2.5, g: 'p', s: 3 });
  batch.set(col.doc('c'), { x: 3, y: 'nope', g: 'q' });
  batch.set(col.doc('d'), { x: 4, g: 'q' });
  batch.set(col.doc('e'), { x: 'not a number', y: null, g: 'r' });
  batch.set(col.doc('f'), { g: 'r' });
  await batch.commit();
});

describe('count()', () => {
  it('counts the documents of a collection and of a filtered query', async () => {
    expect((await col.count().get()).data().count).toBe(6);
    expect((await col.where('g', '==', 'p').count().get()).data().count).toBe(2);
    expect((await col.where('x', '>', 1).count().get()).data().count).toBe(3);
  });

  it('is 0 for an empty result and an empty collection', async () => {
    expect((await col.where('g', '==', 'none').count().get()).data().count).toBe(0);
    expect((await db.collection('aggregations-empty').count().get()).data().count).toBe(0);
  });

  it('respects limit and offset', async () => {
    expect((await col.limit(4).count().get()).data().count).toBe(4);
    expect((await col.orderBy('x').offset(1).count().get()).data().count).toBe(4);
  });

  it('count respects cursors, across types', async () => {
    // orderBy('x') puts the string 'not a number' after every number.
    expect((await col.orderBy('x').startAfter(2).count().get()).data().count).toBe(3);
    expect((await col.orderBy('x').endBefore(3).count().get()).data().count).toBe(2);
  });

  it('counts an orderBy query only over documents that have the field', async () => {
    expect((await col.orderBy('y').count().get()).data().count).toBe(4);
  });

  it('counts a collection of 1,200 documents', async () => {
    const many = db.collection('aggregations-many');
    const writer = db.bulkWriter();
    for (let i = 0; i < 1200; i++) void writer.set(many.doc(`m${i}`), { i });
    await writer.close();
    expect((await many.count().get()).data().count).toBe(1200);
    expect((await many.where('i', '<', 1000).count().get()).data().count).toBe(1000);
  });

  it('returns a readTime', async () => {
    const snap = await col.count().get();
    expect(snap.readTime.toMillis()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('sum() and average()', () => {
  it('sum of integers stays an integer, non-numeric values are ignored', async () => {
    const snap = await big
      .collection('aggregations')
      .aggregate({ s: AggregateField.sum('x') })
      .get();
    expect(snap.data().s).toBe(10n);
  });

  it('sum with doubles is a double', async () => {
    const snap = await big
      .collection('aggregations')
      .aggregate({ s: AggregateField.sum('y') })
      .get();
    expect(snap.data().s).toBe(4);
    expect(typeof snap.data().s).toBe('number');
  });

  it('average is the mean of the numeric values only, as a double', async () => {
    const ax = await col.aggregate({ a: AggregateField.average('x') }).get();
    expect(ax.data().a).toBe(2.5);
    const ay = await col.aggregate({ a: AggregateField.average('y') }).get();
    expect(ay.data().a).toBe(2);
    const whole = await big
      .collection('aggregations')
      .where('x', '<=', 3)
      .aggregate({ a: AggregateField.average('x') })
      .get();
    expect(whole.data().a).toBe(2);
    expect(typeof whole.data().a).toBe('number');
  });

  it('sum of no numeric values is 0 and average of no values is null', async () => {
    const snap = await col
      .where('g', '==', 'r')
      .aggregate({ s: AggregateField.sum('x'), a: AggregateField.average('x') })
      .get();
    expect(snap.data().s).toBe(0);
    expect(snap.data().a).toBeNull();
    const empty = await col
      .where('g', '==', 'none')
      .aggregate({ s: AggregateField.sum('x'), a: AggregateField.average('x') })
      .get();
    expect(empty.data().s).toBe(0);
    expect(empty.data().a).toBeNull();
  });

  it('several aggregations with a filter in one request', async () => {
    const snap = await col
      .where('g', 'in', ['p', 'q'])
      .aggregate({
        n: AggregateField.count(),
        total: AggregateField.sum('x'),
        mean: AggregateField.average('x'),
      })
      .get();
    expect(snap.data()).toEqual({ n: 4, total: 10, mean: 2.5 });
  });

  it('a sum or average limits the whole aggregation to documents that have its field', async () => {
    // Documented: an aggregation query only considers documents that contain every field
    // used by its sum()/average() aggregations, and count() in the same query follows.
    const withX = await col
      .aggregate({ n: AggregateField.count(), s: AggregateField.sum('x') })
      .get();
    expect(withX.data()).toEqual({ n: 5, s: 10 });
    const both = await col
      .aggregate({
        n: AggregateField.count(),
        x: AggregateField.sum('x'),
        s: AggregateField.sum('s'),
        ax: AggregateField.average('x'),
      })
      .get();
    expect(both.data()).toEqual({ n: 2, x: 3, s: 3, ax: 1.5 });
  });

  it('aggregations respect limit', async () => {
    const snap = await col
      .orderBy('x')
      .limit(2)
      .aggregate({ total: AggregateField.sum('x'), n: AggregateField.count() })
      .get();
    expect(snap.data()).toEqual({ total: 3, n: 2 });
  });

  it('sum and average over a nested field', async () => {
    await col.doc('n1').set({ m: { v: 10 } });
    await col.doc('n2').set({ m: { v: 20 } });
    const snap = await col
      .aggregate({ s: AggregateField.sum('m.v'), a: AggregateField.average('m.v') })
      .get();
    expect(snap.data()).toEqual({ s: 30, a: 15 });
  });

  it('NaN makes sum and average NaN', async () => {
    await col.doc('nan').set({ x: NaN, g: 'p' });
    const snap = await col
      .where('g', '==', 'p')
      .aggregate({ s: AggregateField.sum('x'), a: AggregateField.average('x') })
      .get();
    expect(snap.data().s).toBeNaN();
    expect(snap.data().a).toBeNaN();
  });

  it('Infinity propagates through sum', async () => {
    await col.doc('inf').set({ x: Infinity, g: 'p' });
    const snap = await col
      .where('g', '==', 'p')
      .aggregate({ s: AggregateField.sum('x') })
      .get();
    expect(snap.data().s).toBe(Infinity);
  });
});
