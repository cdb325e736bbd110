// firestore.recursiveDelete of a collection and of a document with nested subcollections.
import { describe, expect, it } from 'vitest';
import { useFirestore } from './helpers.ts';

const db = useFirestore();

async function seedTree(): Promise<void> {
  const batch = db.batch();
  batch.set(db.doc('rd/a'), { v: 1 });
  batch.set(db.doc('rd/a/sub/s1'), { v: 2 });
  batch.set(db.doc('rd/a/sub/s1/deeper/d1'), { v: 3 });
  batch.set(db.doc('rd/a/sub/s2'), { v: 4 });
  batch.set(db.doc('rd/a/other/o1'), { v: 5 });
  batch.set(db.doc('rd/ghost/sub/g1'), { v: 6 }); // under a missing document
  batch.set(db.doc('rd/b'), { v: 7 });
  batch.set(db.doc('rd/b/sub/s1'), { v: 8 });
  batch.set(db.doc('rd-sibling/x'), { v: 9 });
  batch.set(db.doc('rdx/y'), { v: 10 }); // a collection whose name extends 'rd'
  await batch.commit();
}

async function exists(path: string): Promise<boolean> {
  return (await db.doc(path).get()).exists;
}

describe('recursiveDelete', () => {
  it('of a document removes it and everything under it, and nothing else', async () => {
    await seedTree();
    await db.recursiveDelete(db.doc('rd/a'));
    for (const gone of [
      'rd/a',
      'rd/a/sub/s1',
      'rd/a/sub/s1/deeper/d1',
      'rd/a/sub/s2',
      'rd/a/other/o1',
    ]) {
      expect(await exists(gone), gone).toBe(false);
    }
    for (const kept of ['rd/b', 'rd/b/sub/s1', 'rd/ghost/sub/g1', 'rd-sibling/x', 'rdx/y']) {
      expect(await exists(kept), kept).toBe(true);
    }
    expect(await db.doc('rd/a').listCollections()).toEqual([]);
    expect((await db.collectionGroup('sub').get()).docs.map((d) => d.ref.path).sort()).toEqual([
      'rd/b/sub/s1',
      'rd/ghost/sub/g1',
    ]);
  });

  it('of a collection removes every document, subcollection and missing parent in it', async () => {
    await seedTree();
    await db.recursiveDelete(db.collection('rd'));
    expect(await db.collection('rd').listDocuments()).toEqual([]);
    expect((await db.collectionGroup('sub').get()).size).toBe(0);
    expect((await db.collectionGroup('deeper').get()).size).toBe(0);
    expect(await exists('rd-sibling/x')).toBe(true);
    expect(await exists('rdx/y')).toBe(true);
    expect((await db.listCollections()).map((c) => c.id).sort()).toEqual(['rd-sibling', 'rdx']);
  });

  it('of a subcollection leaves its parent document', async () => {
    await seedTree();
    await db.recursiveDelete(db.collection('rd/a/sub'));
    expect(await exists('rd/a')).toBe(true);
    expect(await exists('rd/a/other/o1')).toBe(true);
    expect(await exists('rd/a/sub/s1/deeper/d1')).toBe(false);
    expect((await db.doc('rd/a').listCollections()).map((c) => c.id)).toEqual(['other']);
  });

  it('of a large collection (600 documents with subcollections)', async () => {
    const writer = db.bulkWriter();
    for (let i = 0; i < 300; i++) {
      void writer.set(db.doc(`rd-big/d${i}`), { i });
      void writer.set(db.doc(`rd-big/d${i}/kids/k`), { i });
    }
    await writer.close();
    await db.recursiveDelete(db.collection('rd-big'));
    expect((await db.collection('rd-big').count().get()).data().count).toBe(0);
    expect((await db.collectionGroup('kids').count().get()).data().count).toBe(0);
  });
});
