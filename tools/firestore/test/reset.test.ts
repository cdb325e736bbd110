// The emulator's DELETE .../documents call clears the database (the official emulator has it).
import { describe, expect, it } from 'vitest';
import { resetDatabase, useFirestore } from './helpers.ts';

const db = useFirestore();

describe('reset', () => {
  it('clears every document, subcollection and collection, quickly', async () => {
    const writer = db.bulkWriter();
    for (let i = 0; i < 500; i++) {
      void writer.set(db.doc(`reset-a/d${i}`), { i });
      if (i % 10 === 0) void writer.set(db.doc(`reset-a/d${i}/sub/s`), { i });
    }
    void writer.set(db.doc('reset-b/ghost/deep/x'), { v: 1 });
    await writer.close();
    expect((await db.collection('reset-a').count().get()).data().count).toBe(500);

    const started = Date.now();
    await resetDatabase();
    expect(Date.now() - started).toBeLessThan(2_000);

    expect(await db.listCollections()).toEqual([]);
    expect((await db.collection('reset-a').count().get()).data().count).toBe(0);
    expect((await db.collectionGroup('sub').get()).size).toBe(0);
    expect((await db.doc('reset-b/ghost/deep/x').get()).exists).toBe(false);
    expect(await db.collection('reset-b').listDocuments()).toEqual([]);
  });

  it('the database is usable right after a reset, and a re-created document is new', async () => {
    const first = await db.doc('reset-c/doc').set({ v: 1 });
    await resetDatabase();
    expect((await db.doc('reset-c/doc').get()).exists).toBe(false);
    await db.doc('reset-c/doc').create({ v: 2 });
    const snap = await db.doc('reset-c/doc').get();
    expect(snap.data()).toEqual({ v: 2 });
    expect(snap.createTime?.isEqual(first.writeTime)).toBe(false);
  });

  it('an active listener sees the documents disappear', async () => {
    await db.doc('reset-d/x').set({ v: 1 });
    const seen: number[] = [];
    let notify = (): void => {};
    const unsubscribe = db.collection('reset-d').onSnapshot((snap) => {
      seen.push(snap.size);
      notify();
    });
    try {
      await new Promise<void>((resolve) => {
        notify = () => {
          if (seen.length >= 1) resolve();
        };
        if (seen.length >= 1) resolve();
      });
      expect(seen[0]).toBe(1);
      // What a live listener sees across a reset is not specified; the data must be gone for
      // new reads.
      await resetDatabase();
      expect((await db.collection('reset-d').get()).size).toBe(0);
    } finally {
      unsubscribe();
    }
  });
});
