// Nested maps, dotted field paths, FieldPath with special characters, nested deletes.
import { describe, expect, it } from 'vitest';
import { FieldPath, FieldValue } from 'firebase-admin/firestore';
import { useFirestore } from './helpers.ts';

const db = useFirestore();
const col = db.collection('fieldpaths');

describe('dotted field paths in update', () => {
  it("update('a.b.c', v) changes only that leaf", async () => {
    const ref = col.doc('f1');
    await ref.set({ a: { b: { c: 1, d: 2 }, e: 3 }, top: true });
    await ref.update('a.b.c', 'new');
    expect((await ref.get()).data()).toEqual({ a: { b: { c: 'new', d: 2 }, e: 3 }, top: true });
  });

  it('update with dotted keys in an object', async () => {
    const ref = col.doc('f2');
    await ref.set({ a: { b: 1, c: 2 } });
    await ref.update({ 'a.b': 10, 'a.z': 26 });
    expect((await ref.get()).data()).toEqual({ a: { b: 10, c: 2, z: 26 } });
  });

  it('update creates the missing intermediate maps', async () => {
    const ref = col.doc('f3');
    await ref.set({ k: 1 });
    await ref.update('x.y.z', 1);
    expect((await ref.get()).data()).toEqual({ k: 1, x: { y: { z: 1 } } });
  });

  it('update through a non-map value replaces it with a map', async () => {
    const ref = col.doc('f4');
    await ref.set({ a: 5 });
    await ref.update('a.b', 1);
    expect((await ref.get()).data()).toEqual({ a: { b: 1 } });
  });

  it('update of a map field replaces the map (no deep merge)', async () => {
    const ref = col.doc('f5');
    await ref.set({ a: { b: 1, c: 2 } });
    await ref.update({ a: { z: 3 } });
    expect((await ref.get()).data()).toEqual({ a: { z: 3 } });
  });

  it('snapshot.get reads nested values by dotted path', async () => {
    const ref = col.doc('f6');
    await ref.set({ a: { b: { c: [1, 2] } } });
    const snap = await ref.get();
    expect(snap.get('a.b.c')).toEqual([1, 2]);
    expect(snap.get('a.b')).toEqual({ c: [1, 2] });
    expect(snap.get('a.missing')).toBeUndefined();
  });
});

describe('FieldPath with special characters', () => {
  it("new FieldPath('a.b', 'c') addresses a field whose name contains a dot", async () => {
    const ref = col.doc('p1');
    await ref.set({ 'a.b': { c: 1, d: 2 }, a: { b: { c: 'other' } } });
    await ref.update(new FieldPath('a.b', 'c'), 100);
    const snap = await ref.get();
    expect(snap.data()).toEqual({ 'a.b': { c: 100, d: 2 }, a: { b: { c: 'other' } } });
    expect(snap.get(new FieldPath('a.b', 'c'))).toBe(100);
    expect(snap.get('a.b.c')).toBe('other');
  });

  it('field names with spaces, backticks, dashes, slashes, unicode and emoji', async () => {
    const ref = col.doc('p2');
    const data = {
      'with space': 1,
      'back`tick': 2,
      'da-sh': 3,
      'sl/ash': 4,
      ünïcødé: { '🔥': 5 },
      '123': 'digits',
    };
    await ref.set(data);
    expect((await ref.get()).data()).toEqual(data);
    await ref.update(
      new FieldPath('back`tick'),
      20,
      new FieldPath('ünïcødé', '🔥'),
      50,
      new FieldPath('with space'),
      FieldValue.delete(),
    );
    const { 'with space': _gone, ...rest } = data;
    expect((await ref.get()).data()).toEqual({ ...rest, 'back`tick': 20, ünïcødé: { '🔥': 50 } });
  });

  it('where and orderBy on a FieldPath with a dot in a segment', async () => {
    await col.doc('q1').set({ 'x.y': 2 });
    await col.doc('q2').set({ 'x.y': 1 });
    await col.doc('q3').set({ x: { y: 0 } });
    const snap = await col.orderBy(new FieldPath('x.y')).get();
    expect(snap.docs.map((d) => d.id)).toEqual(['q2', 'q1']);
    const eq = await col.where(new FieldPath('x.y'), '==', 2).get();
    expect(eq.docs.map((d) => d.id)).toEqual(['q1']);
    const nested = await col.where('x.y', '==', 0).get();
    expect(nested.docs.map((d) => d.id)).toEqual(['q3']);
  });
});

describe('FieldValue.delete()', () => {
  it('of a nested field leaves the rest of the map', async () => {
    const ref = col.doc('d1');
    await ref.set({ a: { b: { c: 1, d: 2 }, e: 3 } });
    await ref.update('a.b.c', FieldValue.delete());
    expect((await ref.get()).data()).toEqual({ a: { b: { d: 2 }, e: 3 } });
  });

  it('of the last field of a map leaves an empty map', async () => {
    const ref = col.doc('d2');
    await ref.set({ a: { b: 1 } });
    await ref.update('a.b', FieldValue.delete());
    expect((await ref.get()).data()).toEqual({ a: {} });
  });

  it('of a missing field is a no-op', async () => {
    const ref = col.doc('d3');
    await ref.set({ a: 1 });
    await ref.update('nope.deeper', FieldValue.delete());
    expect((await ref.get()).data()).toEqual({ a: 1 });
  });

  it('of thousands of keys of one map in one update, with sets beside them, leaves the rest', async () => {
    // One write naming every key it drops (a trim): each map on the way is copied once.
    const ref = col.doc('d5');
    const keys = Array.from({ length: 3_000 }, (_, i) => `k${i}`);
    await ref.set({
      items: Object.fromEntries(keys.map((k, i) => [k, { n: i }])),
      other: { x: 1 },
    });
    const kept = new Set(['k0', 'k1500', 'k2999']);
    const drop = keys
      .filter((k) => !kept.has(k))
      .flatMap((k) => [new FieldPath('items', k), FieldValue.delete()]);
    const [first, value, ...more] = drop;
    await ref.update(first, value, ...more, 'items.new', { n: -1 }, 'other.y', 2);
    expect((await ref.get()).data()).toEqual({
      items: { k0: { n: 0 }, k1500: { n: 1500 }, k2999: { n: 2999 }, new: { n: -1 } },
      other: { x: 1, y: 2 },
    });
  });

  it('inside set with merge removes the nested field', async () => {
    const ref = col.doc('d4');
    await ref.set({ a: { b: 1, c: 2 }, d: 4 });
    await ref.set({ a: { b: FieldValue.delete() } }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: { c: 2 }, d: 4 });
  });
});

describe('set with merge on nested maps', () => {
  it('merges deeply and leaves siblings', async () => {
    const ref = col.doc('m1');
    await ref.set({ a: { b: { c: 1 }, e: 3 }, z: 0 });
    await ref.set({ a: { b: { x: 1 }, f: { g: 1 } } }, { merge: true });
    expect((await ref.get()).data()).toEqual({
      a: { b: { c: 1, x: 1 }, e: 3, f: { g: 1 } },
      z: 0,
    });
  });

  it('an empty map in merge data is a leaf: it replaces the existing map', async () => {
    // The SDK puts an empty map in the update mask as a whole field.
    const ref = col.doc('m2');
    await ref.set({ a: { b: 1 }, k: 2 });
    await ref.set({ a: {} }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: {}, k: 2 });
  });

  it('an empty map in merge data creates a missing field as an empty map', async () => {
    const ref = col.doc('m3');
    await ref.set({ k: 1 });
    await ref.set({ a: {} }, { merge: true });
    expect((await ref.get()).data()).toEqual({ k: 1, a: {} });
  });

  it('a merge replaces a non-map value with a map', async () => {
    const ref = col.doc('m4');
    await ref.set({ a: 'scalar' });
    await ref.set({ a: { b: 1 } }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: { b: 1 } });
  });

  it('arrays are replaced, not merged', async () => {
    const ref = col.doc('m5');
    await ref.set({ a: [1, 2, 3] });
    await ref.set({ a: [9] }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: [9] });
  });
});
