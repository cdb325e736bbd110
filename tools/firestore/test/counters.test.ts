// Billing counters of the embedded server (GET/DELETE .../counters), counted the way Firestore
// bills: a query bills the documents it returns (at least 1 read), a get 1 per document found or
// missing, an aggregation 1 read per 1,000 index entries (at least 1), offset bills the skipped
// documents, a listener bills each document it delivers; writes and deletes per document.
import { beforeEach, describe, expect, it } from 'vitest';
import { FieldValue, type QuerySnapshot } from 'firebase-admin/firestore';
import {
  EMBEDDED,
  EMBEDDED_ONLY,
  Inbox,
  getCounters,
  resetCounters,
  useFirestore,
} from './helpers.ts';

const db = useFirestore();
const col = db.collection('counters');

async function seed(n: number): Promise<void> {
  const writer = db.bulkWriter();
  for (let i = 0; i < n; i++) void writer.set(col.doc(`d${String(i).padStart(4, '0')}`), { i });
  await writer.close();
}

describe.skipIf(!EMBEDDED)(`billing counters ${EMBEDDED_ONLY}`, () => {
  beforeEach(resetCounters);

  it('start at zero after a reset', async () => {
    await col.doc('x').set({ v: 1 });
    await resetCounters();
    expect(await getCounters()).toEqual({ reads: 0, writes: 0, deletes: 0 });
  });

  it('a get of one document is 1 read, found or missing', async () => {
    await col.doc('x').set({ v: 1 });
    await resetCounters();
    await col.doc('x').get();
    expect(await getCounters()).toEqual({ reads: 1, writes: 0, deletes: 0 });
    await col.doc('missing').get();
    expect(await getCounters()).toEqual({ reads: 2, writes: 0, deletes: 0 });
  });

  it('getAll bills one read per requested document', async () => {
    await seed(2);
    await resetCounters();
    await db.getAll(col.doc('d0000'), col.doc('d0001'), col.doc('nope'));
    expect((await getCounters()).reads).toBe(3);
  });

  it('a query bills the documents it returns', async () => {
    await seed(10);
    await resetCounters();
    const snap = await col.where('i', '<', 3).get();
    expect(snap.size).toBe(3);
    expect(await getCounters()).toEqual({ reads: 3, writes: 0, deletes: 0 });
  });

  it('an empty query bills 1 read', async () => {
    await seed(3);
    await resetCounters();
    expect((await col.where('i', '>', 100).get()).size).toBe(0);
    expect((await getCounters()).reads).toBe(1);
  });

  it('offset bills the skipped documents: offset 2 limit 3 over 10 docs is 5 reads', async () => {
    await seed(10);
    await resetCounters();
    const snap = await col.orderBy('i').offset(2).limit(3).get();
    expect(snap.docs.map((d) => d.get('i') as unknown)).toEqual([2, 3, 4]);
    expect((await getCounters()).reads).toBe(5);
  });

  it('count() bills 1 read per 1,000 index entries: 2,500 docs is 3 reads', async () => {
    await seed(2500);
    await resetCounters();
    expect((await col.count().get()).data().count).toBe(2500);
    expect(await getCounters()).toEqual({ reads: 3, writes: 0, deletes: 0 });
  });

  it('an aggregation over nothing bills 1 read', async () => {
    await resetCounters();
    expect((await col.count().get()).data().count).toBe(0);
    expect((await getCounters()).reads).toBe(1);
  });

  it('a batch of 10 sets is 10 writes', async () => {
    const batch = db.batch();
    for (let i = 0; i < 10; i++) batch.set(col.doc(`b${i}`), { i });
    await batch.commit();
    expect(await getCounters()).toEqual({ reads: 0, writes: 10, deletes: 0 });
  });

  it('a write with transforms is one write; BulkWriter writes count per document', async () => {
    await col.doc('x').set({ n: 1 });
    await resetCounters();
    await col.doc('x').update({ n: FieldValue.increment(1), at: FieldValue.serverTimestamp() });
    expect(await getCounters()).toEqual({ reads: 0, writes: 1, deletes: 0 });
    await resetCounters();
    const writer = db.bulkWriter();
    for (let i = 0; i < 25; i++) void writer.set(col.doc(`bw${i}`), { i });
    await writer.close();
    expect(await getCounters()).toEqual({ reads: 0, writes: 25, deletes: 0 });
  });

  it('deletes are counted as deletes, not writes', async () => {
    await seed(3);
    await resetCounters();
    const batch = db.batch();
    for (let i = 0; i < 3; i++) batch.delete(col.doc(`d000${i}`));
    await batch.commit();
    expect(await getCounters()).toEqual({ reads: 0, writes: 0, deletes: 3 });
  });

  it('a transaction bills its reads and its writes', async () => {
    await col.doc('t').set({ n: 1 });
    await resetCounters();
    await db.runTransaction(async (t) => {
      const snap = await t.get(col.doc('t'));
      t.update(col.doc('t'), { n: (snap.get('n') as number) + 1 });
      t.set(col.doc('t2'), { n: 0 });
    });
    expect(await getCounters()).toEqual({ reads: 1, writes: 2, deletes: 0 });
  });

  it('a listener bills each document it delivers', async () => {
    await seed(3);
    await resetCounters();
    const inbox = new Inbox<QuerySnapshot>();
    const unsubscribe = col.onSnapshot(inbox.push, inbox.fail);
    try {
      expect((await inbox.next()).size).toBe(3);
      expect((await getCounters()).reads).toBe(3);
      await col.doc('new').set({ i: 99 });
      expect((await inbox.next()).size).toBe(4);
      expect(await getCounters()).toEqual({ reads: 4, writes: 1, deletes: 0 });
    } finally {
      unsubscribe();
    }
  });
});
