// firestore.getAll (BatchGetDocuments): order, missing documents, field masks.
import { describe, expect, it } from 'vitest';
import { FieldPath, Timestamp } from 'firebase-admin/firestore';
import { useFirestore } from './helpers.ts';

const db = useFirestore();
const col = db.collection('getall');

describe('getAll', () => {
  it('returns snapshots in argument order, with missing documents as exists: false', async () => {
    const w = await col.doc('a').set({ v: 'a' });
    await col.doc('c').set({ v: 'c' });
    const snaps = await db.getAll(col.doc('c'), col.doc('missing'), col.doc('a'));
    expect(snaps.map((s) => [s.id, s.exists, s.data()])).toEqual([
      ['c', true, { v: 'c' }],
      ['missing', false, undefined],
      ['a', true, { v: 'a' }],
    ]);
    expect(snaps[1].readTime).toBeInstanceOf(Timestamp);
    expect(snaps[1].updateTime).toBeUndefined();
    expect(snaps[2].updateTime?.isEqual(w.writeTime)).toBe(true);
    expect(snaps[2].createTime?.isEqual(w.writeTime)).toBe(true);
  });

  it('all snapshots of one call share a read time', async () => {
    await col.doc('a').set({ v: 1 });
    const snaps = await db.getAll(col.doc('a'), col.doc('b'));
    expect(snaps[0].readTime.isEqual(snaps[1].readTime)).toBe(true);
  });

  it('documents from different collections and depths', async () => {
    await db.doc('getall-x/1').set({ v: 1 });
    await db.doc('getall-x/1/sub/2').set({ v: 2 });
    const snaps = await db.getAll(db.doc('getall-x/1/sub/2'), db.doc('getall-x/1'));
    expect(snaps.map((s) => s.get('v') as unknown)).toEqual([2, 1]);
  });

  it('with a field mask returns only the masked fields', async () => {
    await col.doc('m').set({ a: 1, b: 2, c: { d: 3, e: 4 }, 'x.y': 5 });
    const [snap, missing] = await db.getAll(col.doc('m'), col.doc('nope'), {
      fieldMask: ['a', 'c.d', new FieldPath('x.y'), 'absent'],
    });
    expect(snap.data()).toEqual({ a: 1, c: { d: 3 }, 'x.y': 5 });
    expect(missing.exists).toBe(false);
  });

  it('with an empty field mask returns documents without fields', async () => {
    await col.doc('e').set({ a: 1 });
    const [snap] = await db.getAll(col.doc('e'), { fieldMask: [] });
    expect(snap.exists).toBe(true);
    expect(snap.data()).toEqual({});
  });

  it('the same document twice gives two equal snapshots', async () => {
    await col.doc('twice').set({ v: 2 });
    const snaps = await db.getAll(col.doc('twice'), col.doc('twice'));
    expect(snaps).toHaveLength(2);
    expect(snaps.map((s) => s.data())).toEqual([{ v: 2 }, { v: 2 }]);
  });

  it('300 documents in one call', async () => {
    const writer = db.bulkWriter();
    for (let i = 0; i < 300; i += 2) void writer.set(col.doc(`n${i}`), { i });
    await writer.close();
    const refs = Array.from({ length: 300 }, (_, i) => col.doc(`n${i}`));
    const snaps = await db.getAll(...refs);
    expect(snaps.map((s) => s.id)).toEqual(refs.map((r) => r.id));
    expect(snaps.filter((s) => s.exists)).toHaveLength(150);
    expect(snaps.every((s, i) => s.exists === (i % 2 === 0))).toBe(true);
    expect(snaps[298].data()).toEqual({ i: 298 });
  });
});
