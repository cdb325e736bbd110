// Server-side field transforms: increment, arrayUnion, arrayRemove, serverTimestamp.
//
// FieldValue.maximum() / FieldValue.minimum() are not covered: the @google-cloud/firestore 7.x
// bundled with firebase-admin 13 does not expose them, so they are not reachable through the
// Admin SDK.
import { describe, expect, it } from 'vitest';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { useBigIntFirestore, useFirestore } from './helpers.ts';

const db = useFirestore();
// Reads integers as BigInt, so integerValue (bigint) and doubleValue (number) can be told apart.
const big = useBigIntFirestore();
const col = db.collection('transforms');

async function raw(path: string): Promise<Record<string, unknown>> {
  return (await big.doc(path).get()).data() ?? {};
}

describe('FieldValue.increment', () => {
  it('int + int stays an integer', async () => {
    const ref = col.doc('i1');
    await ref.set({ n: 5 });
    await ref.update({ n: FieldValue.increment(3) });
    expect((await raw(ref.path)).n).toBe(8n);
  });

  it('int + double gives a double', async () => {
    const ref = col.doc('i2');
    await ref.set({ n: 5 });
    await ref.update({ n: FieldValue.increment(0.5) });
    expect((await raw(ref.path)).n).toBe(5.5);
  });

  it('double + double with a whole result stays a double', async () => {
    const ref = col.doc('i3');
    await ref.set({ n: 2.5 });
    await ref.update({ n: FieldValue.increment(2.5) });
    const n = (await raw(ref.path)).n;
    expect(typeof n).toBe('number');
    expect(n).toBe(5);
  });

  it('double + int gives a double', async () => {
    const ref = col.doc('i4');
    await ref.set({ n: 0.25 });
    await ref.update({ n: FieldValue.increment(1) });
    expect((await raw(ref.path)).n).toBe(1.25);
  });

  it('on a missing field sets the operand (keeping its type)', async () => {
    const ref = col.doc('i5');
    await ref.set({ other: 1 });
    await ref.update({ n: FieldValue.increment(7), d: FieldValue.increment(1.5) });
    const d = await raw(ref.path);
    expect(d.n).toBe(7n);
    expect(d.d).toBe(1.5);
  });

  it('on a missing document with set merge creates it with the operand', async () => {
    const ref = col.doc('i6');
    await ref.set({ n: FieldValue.increment(4) }, { merge: true });
    expect((await ref.get()).data()).toEqual({ n: 4 });
  });

  it('on a non-numeric field replaces it with the operand', async () => {
    const ref = col.doc('i7');
    await ref.set({ s: 'abc', arr: [1], m: { x: 1 }, nul: null });
    await ref.update({
      s: FieldValue.increment(2),
      arr: FieldValue.increment(3),
      m: FieldValue.increment(4),
      nul: FieldValue.increment(5),
    });
    expect((await ref.get()).data()).toEqual({ s: 2, arr: 3, m: 4, nul: 5 });
  });

  it('negative increments and nested fields', async () => {
    const ref = col.doc('i8');
    await ref.set({ stats: { views: 10 } });
    await ref.update({ 'stats.views': FieldValue.increment(-3) });
    expect((await ref.get()).data()).toEqual({ stats: { views: 7 } });
  });

  it('integer increments saturate at the int64 bounds', async () => {
    const ref = big.collection('transforms').doc('i9');
    await ref.set({ hi: 9223372036854775800n, lo: -9223372036854775800n });
    await ref.update({ hi: FieldValue.increment(100), lo: FieldValue.increment(-100) });
    const d = (await ref.get()).data() ?? {};
    expect(d.hi).toBe(9223372036854775807n);
    expect(d.lo).toBe(-9223372036854775808n);
  });

  it('repeated increments accumulate', async () => {
    const ref = col.doc('i10');
    await ref.set({ n: 0 });
    for (let i = 0; i < 10; i++) await ref.update({ n: FieldValue.increment(1) });
    expect((await ref.get()).get('n')).toBe(10);
  });
});

describe('FieldValue.arrayUnion', () => {
  it('adds only the elements not already present, at the end', async () => {
    const ref = col.doc('u1');
    await ref.set({ a: [1, 2] });
    await ref.update({ a: FieldValue.arrayUnion(2, 3, 3, 4) });
    expect((await ref.get()).get('a')).toEqual([1, 2, 3, 4]);
  });

  it('keeps duplicates that were already in the array', async () => {
    const ref = col.doc('u2');
    await ref.set({ a: [1, 1] });
    await ref.update({ a: FieldValue.arrayUnion(1) });
    expect((await ref.get()).get('a')).toEqual([1, 1]);
  });

  it('creates the array on a missing field and replaces a non-array value', async () => {
    const ref = col.doc('u3');
    await ref.set({ s: 'text' });
    await ref.update({ s: FieldValue.arrayUnion('x'), fresh: FieldValue.arrayUnion('y', 'z') });
    expect((await ref.get()).data()).toEqual({ s: ['x'], fresh: ['y', 'z'] });
  });

  it('compares maps deeply and numbers by value', async () => {
    const ref = col.doc('u4');
    await ref.set({ a: [{ k: 1, j: [1] }, 2.5] });
    await ref.update({ a: FieldValue.arrayUnion({ k: 1, j: [1] }, { k: 2 }, 2.5) });
    expect((await ref.get()).get('a')).toEqual([{ k: 1, j: [1] }, 2.5, { k: 2 }]);
  });

  it('on a missing document with set merge creates it', async () => {
    const ref = col.doc('u5');
    await ref.set({ tags: FieldValue.arrayUnion('a', 'b') }, { merge: true });
    expect((await ref.get()).data()).toEqual({ tags: ['a', 'b'] });
  });
});

describe('FieldValue.arrayRemove', () => {
  it('removes every instance of each element', async () => {
    const ref = col.doc('r1');
    await ref.set({ a: [1, 2, 1, 3, 1, 'x', 'x'] });
    await ref.update({ a: FieldValue.arrayRemove(1, 'x', 'absent') });
    expect((await ref.get()).get('a')).toEqual([2, 3]);
  });

  it('compares maps deeply', async () => {
    const ref = col.doc('r2');
    await ref.set({ a: [{ k: 1 }, { k: 2 }, { k: 1 }] });
    await ref.update({ a: FieldValue.arrayRemove({ k: 1 }) });
    expect((await ref.get()).get('a')).toEqual([{ k: 2 }]);
  });

  it('on a missing or non-array field leaves an empty array', async () => {
    const ref = col.doc('r3');
    await ref.set({ s: 'text' });
    await ref.update({ s: FieldValue.arrayRemove('text'), fresh: FieldValue.arrayRemove(1) });
    expect((await ref.get()).data()).toEqual({ s: [], fresh: [] });
  });
});

describe('FieldValue.serverTimestamp', () => {
  it('is the request time: millisecond precision, at most the write time', async () => {
    const ref = col.doc('t1');
    const w = await ref.set({
      at: FieldValue.serverTimestamp(),
      nested: { at: FieldValue.serverTimestamp() },
    });
    const snap = await ref.get();
    const at = snap.get('at') as Timestamp;
    expect(at).toBeInstanceOf(Timestamp);
    expect(at.nanoseconds % 1_000_000).toBe(0);
    expect(at <= w.writeTime).toBe(true);
    expect(w.writeTime.toMillis() - at.toMillis()).toBeLessThan(1_000);
    expect((snap.get('nested.at') as Timestamp).isEqual(at)).toBe(true);
  });

  it('in an update and in a set with merge', async () => {
    const ref = col.doc('t2');
    await ref.set({ a: 1 });
    const u = await ref.update({ updated: FieldValue.serverTimestamp() });
    const m = await ref.set({ merged: FieldValue.serverTimestamp() }, { merge: true });
    const d = (await ref.get()).data() ?? {};
    expect(d.a).toBe(1);
    expect((d.updated as Timestamp).toMillis()).toBeLessThanOrEqual(u.writeTime.toMillis());
    expect((d.merged as Timestamp).toMillis()).toBeLessThanOrEqual(m.writeTime.toMillis());
    expect((d.merged as Timestamp) > (d.updated as Timestamp)).toBe(true);
  });

  it('in a batch gives all fields of all documents the same value', async () => {
    const batch = db.batch();
    batch.set(col.doc('t3'), { at: FieldValue.serverTimestamp() });
    batch.set(col.doc('t4'), {
      at: FieldValue.serverTimestamp(),
      m: { at: FieldValue.serverTimestamp() },
    });
    await batch.commit();
    const a = (await col.doc('t3').get()).get('at') as Timestamp;
    const b = await col.doc('t4').get();
    expect((b.get('at') as Timestamp).isEqual(a)).toBe(true);
    expect((b.get('m.at') as Timestamp).isEqual(a)).toBe(true);
  });
});

describe('several transforms in one write', () => {
  it('apply together with plain field changes', async () => {
    const ref = col.doc('x1');
    await ref.set({ n: 1, tags: ['a'], keep: true });
    await ref.update({
      n: FieldValue.increment(1),
      tags: FieldValue.arrayUnion('b'),
      plain: 'v',
      at: FieldValue.serverTimestamp(),
    });
    const d = (await ref.get()).data() ?? {};
    expect(d.n).toBe(2);
    expect(d.tags).toEqual(['a', 'b']);
    expect(d.plain).toBe('v');
    expect(d.keep).toBe(true);
    expect(d.at).toBeInstanceOf(Timestamp);
  });
});
