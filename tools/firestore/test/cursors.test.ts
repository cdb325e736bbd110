// limit, limitToLast, cursors by value and by snapshot, offset, select.
import { beforeEach, describe, expect, it } from 'vitest';
import { FieldPath } from 'firebase-admin/firestore';
import { ids, useFirestore } from './helpers.ts';

const db = useFirestore();
const col = db.collection('cursors');

// c01..c10 with n = 1..10, and a tie on n between c03/c04 and group letters.
beforeEach(async () => {
  const batch = db.batch();
  const rows: [string, number, string][] = [
    ['c01', 1, 'a'],
    ['c02', 2, 'a'],
    ['c03', 3, 'b'],
    ['c04', 3, 'b'],
    ['c05', 5, 'b'],
    ['c06', 6, 'c'],
    ['c07', 7, 'c'],
    ['c08', 8, 'c'],
    ['c09', 9, 'd'],
    ['c10', 10, 'd'],
  ];
  for (const [id, n, g] of rows)
    batch.set(col.doc(id), { n, g, extra: { deep: n * 10, keep: 'k' } });
  await batch.commit();
});

describe('limit and limitToLast', () => {
  it('limit takes the first documents in order', async () => {
    expect(ids(await col.orderBy('n').limit(3).get())).toEqual(['c01', 'c02', 'c03']);
    expect(ids(await col.orderBy('n', 'desc').limit(2).get())).toEqual(['c10', 'c09']);
  });

  it('limitToLast returns the last documents, still in query order', async () => {
    expect(ids(await col.orderBy('n').limitToLast(3).get())).toEqual(['c08', 'c09', 'c10']);
    expect(ids(await col.orderBy('n', 'desc').limitToLast(2).get())).toEqual(['c02', 'c01']);
  });

  it('limitToLast with filters and cursors', async () => {
    const q = col.where('g', '==', 'c').orderBy('n').limitToLast(2);
    expect(ids(await q.get())).toEqual(['c07', 'c08']);
    expect(ids(await col.orderBy('n').endBefore(6).limitToLast(2).get())).toEqual(['c04', 'c05']);
  });

  it('limit larger than the result returns everything', async () => {
    expect((await col.limit(100).get()).size).toBe(10);
  });
});

describe('cursors by value', () => {
  it('startAt / startAfter', async () => {
    expect(ids(await col.orderBy('n').startAt(8).get())).toEqual(['c08', 'c09', 'c10']);
    expect(ids(await col.orderBy('n').startAfter(8).get())).toEqual(['c09', 'c10']);
    expect(ids(await col.orderBy('n').startAt(3).limit(3).get())).toEqual(['c03', 'c04', 'c05']);
    expect(ids(await col.orderBy('n').startAfter(3).limit(1).get())).toEqual(['c05']);
  });

  it('endAt / endBefore', async () => {
    expect(ids(await col.orderBy('n').endAt(3).get())).toEqual(['c01', 'c02', 'c03', 'c04']);
    expect(ids(await col.orderBy('n').endBefore(3).get())).toEqual(['c01', 'c02']);
  });

  it('a start and an end together', async () => {
    expect(ids(await col.orderBy('n').startAfter(2).endAt(5).get())).toEqual(['c03', 'c04', 'c05']);
    expect(ids(await col.orderBy('n').startAt(4).endBefore(4.5).get())).toEqual([]);
  });

  it('values between stored values', async () => {
    expect(ids(await col.orderBy('n').startAt(4).endAt(6.5).get())).toEqual(['c05', 'c06']);
  });

  it('descending order flips the meaning of the cursors', async () => {
    expect(ids(await col.orderBy('n', 'desc').startAt(3).get())).toEqual([
      'c04',
      'c03',
      'c02',
      'c01',
    ]);
    expect(ids(await col.orderBy('n', 'desc').startAfter(8).endAt(6).get())).toEqual([
      'c07',
      'c06',
    ]);
  });

  it('several orderBy fields with a partial and a full cursor', async () => {
    const q = col.orderBy('g').orderBy('n', 'desc');
    expect(ids(await q.startAt('c').get())).toEqual(['c08', 'c07', 'c06', 'c10', 'c09']);
    expect(ids(await q.startAfter('b', 5).endBefore('c', 6).get())).toEqual([
      'c04',
      'c03',
      'c08',
      'c07',
    ]);
  });

  it('a cursor on the document id resolves ties', async () => {
    const q = col.orderBy('n').orderBy(FieldPath.documentId());
    expect(ids(await q.startAfter(3, 'c03').limit(2).get())).toEqual(['c04', 'c05']);
    expect(ids(await col.orderBy(FieldPath.documentId()).startAt('c09').get())).toEqual([
      'c09',
      'c10',
    ]);
  });
});

describe('cursors by DocumentSnapshot', () => {
  it('startAfter(snapshot) pages through ties without skipping or repeating', async () => {
    const pages: string[][] = [];
    let q = col.orderBy('n').limit(3);
    for (;;) {
      const snap = await q.get();
      if (snap.empty) break;
      pages.push(ids(snap));
      q = col
        .orderBy('n')
        .startAfter(snap.docs[snap.docs.length - 1])
        .limit(3);
    }
    expect(pages).toEqual([
      ['c01', 'c02', 'c03'],
      ['c04', 'c05', 'c06'],
      ['c07', 'c08', 'c09'],
      ['c10'],
    ]);
  });

  it('startAt / endAt / endBefore with snapshots', async () => {
    const c04 = await col.doc('c04').get();
    const c07 = await col.doc('c07').get();
    expect(ids(await col.orderBy('n').startAt(c04).endAt(c07).get())).toEqual([
      'c04',
      'c05',
      'c06',
      'c07',
    ]);
    expect(ids(await col.orderBy('n').startAfter(c04).endBefore(c07).get())).toEqual([
      'c05',
      'c06',
    ]);
  });

  it('a snapshot cursor without orderBy uses the document id', async () => {
    const c08 = await col.doc('c08').get();
    expect(ids(await col.startAfter(c08).get())).toEqual(['c09', 'c10']);
  });

  it('a snapshot cursor with a descending order', async () => {
    const c04 = await col.doc('c04').get();
    expect(ids(await col.orderBy('n', 'desc').startAfter(c04).get())).toEqual([
      'c03',
      'c02',
      'c01',
    ]);
  });
});

describe('paging by document id', () => {
  const pageAfter = (id: string | undefined, size: number) => {
    const query = col.orderBy(FieldPath.documentId()).limit(size);
    return (id === undefined ? query : query.startAfter(id)).get();
  };

  it('sees documents added and deleted between pages, with filters, offset and an end', async () => {
    expect(ids(await pageAfter('c02', 3))).toEqual(['c03', 'c04', 'c05']);
    await col.doc('c035').set({ n: 3.5, g: 'b' });
    await col.doc('c04').delete();
    expect(ids(await pageAfter('c03', 3))).toEqual(['c035', 'c05', 'c06']);
    expect(ids(await pageAfter('c00', 20))).toEqual([
      'c01',
      'c02',
      'c03',
      'c035',
      'c05',
      'c06',
      'c07',
      'c08',
      'c09',
      'c10',
    ]);
    const filtered = col
      .where('g', '==', 'c')
      .orderBy(FieldPath.documentId())
      .startAt('c035')
      .endBefore('c08')
      .offset(1);
    expect(ids(await filtered.get())).toEqual(['c07']);
    expect(ids(await pageAfter('c10', 3))).toEqual([]);
  });
});

describe('offset', () => {
  it('skips documents', async () => {
    expect(ids(await col.orderBy('n').offset(7).get())).toEqual(['c08', 'c09', 'c10']);
    expect(ids(await col.orderBy('n').offset(2).limit(3).get())).toEqual(['c03', 'c04', 'c05']);
    expect(ids(await col.orderBy('n').offset(20).get())).toEqual([]);
  });

  it('applies after cursors and filters', async () => {
    const q = col.where('n', '>', 2).orderBy('n').startAfter(3).offset(1).limit(2);
    expect(ids(await q.get())).toEqual(['c06', 'c07']);
  });
});

describe('select', () => {
  it('returns only the selected fields', async () => {
    const snap = await col.orderBy('n').select('g', 'extra.deep').limit(2).get();
    expect(snap.docs.map((d) => d.data())).toEqual([
      { g: 'a', extra: { deep: 10 } },
      { g: 'a', extra: { deep: 20 } },
    ]);
  });

  it('select() with no fields returns the documents with no fields', async () => {
    const snap = await col.select().get();
    expect(snap.size).toBe(10);
    expect(ids(snap)[0]).toBe('c01');
    for (const doc of snap.docs) {
      expect(doc.data()).toEqual({});
      expect(doc.exists).toBe(true);
      expect(doc.updateTime).toBeDefined();
    }
  });

  it('selecting a field some documents lack still returns those documents', async () => {
    await col.doc('c11').set({ n: 11, other: true });
    const snap = await col.where('n', '>=', 10).select('g').get();
    expect(snap.docs.map((d) => [d.id, d.data()])).toEqual([
      ['c10', { g: 'd' }],
      ['c11', {}],
    ]);
  });

  it('select works with orderBy on a field that is not selected', async () => {
    const snap = await col.orderBy('n', 'desc').select('g').limit(1).get();
    expect(snap.docs[0].id).toBe('c10');
    expect(snap.docs[0].data()).toEqual({ g: 'd' });
  });
});
