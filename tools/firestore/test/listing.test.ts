// listDocuments (with "missing" documents) and listCollections on the root and on documents.
import { describe, expect, it } from 'vitest';
import { useFirestore } from './helpers.ts';

const db = useFirestore();

describe('listDocuments', () => {
  it('lists existing documents and missing ones that only have subcollections', async () => {
    const col = db.collection('listing');
    await col.doc('a').set({ v: 1 });
    await col.doc('b').set({ v: 2 });
    await col.doc('ghost').collection('sub').doc('x').set({ v: 3 });
    await col.doc('deep-ghost').collection('s1').doc('y').collection('s2').doc('z').set({ v: 4 });
    const refs = await col.listDocuments();
    expect(refs.map((r) => r.id).sort()).toEqual(['a', 'b', 'deep-ghost', 'ghost']);
    expect(refs.every((r) => r.parent.id === 'listing')).toBe(true);
    const ghost = await col.doc('ghost').get();
    expect(ghost.exists).toBe(false);
    // A plain query only returns the documents that exist.
    expect((await col.get()).docs.map((d) => d.id)).toEqual(['a', 'b']);
  });

  it('lists the documents of a subcollection only', async () => {
    const sub = db.collection('listing').doc('p').collection('children');
    await db.collection('listing').doc('p').set({});
    await sub.doc('c1').set({});
    await sub.doc('c2').set({});
    await sub.doc('c2').collection('grand').doc('g').set({});
    expect((await sub.listDocuments()).map((r) => r.path).sort()).toEqual([
      'listing/p/children/c1',
      'listing/p/children/c2',
    ]);
  });

  it('an empty or deleted collection lists nothing', async () => {
    const col = db.collection('listing-empty');
    expect(await col.listDocuments()).toEqual([]);
    await col.doc('x').set({ v: 1 });
    await col.doc('x').delete();
    expect(await col.listDocuments()).toEqual([]);
  });
});

describe('collection queries', () => {
  it('return only the direct children of that collection path', async () => {
    await db.doc('lq/a').set({ v: 1 });
    await db.doc('lq/a/lq/b').set({ v: 2 }); // same collection id, one level down
    await db.doc('other/x/lq/c').set({ v: 3 }); // same collection id, other parent
    expect((await db.collection('lq').get()).docs.map((d) => d.ref.path)).toEqual(['lq/a']);
    expect((await db.collection('lq/a/lq').get()).docs.map((d) => d.ref.path)).toEqual([
      'lq/a/lq/b',
    ]);
    expect((await db.collection('other/x/lq').get()).docs.map((d) => d.ref.path)).toEqual([
      'other/x/lq/c',
    ]);
  });
});

describe('listCollections', () => {
  it('on the root lists the top-level collections', async () => {
    await db.collection('lc-one').doc('d').set({});
    await db.collection('lc-two').doc('d').set({});
    await db.collection('lc-three').doc('ghost').collection('inner').doc('d').set({});
    await db.collection('lc-one').doc('d').collection('nested').doc('n').set({});
    const names = (await db.listCollections()).map((c) => c.id).sort();
    expect(names).toEqual(['lc-one', 'lc-three', 'lc-two']);
  });

  it('on a document lists its direct subcollections only', async () => {
    const doc = db.collection('lc').doc('parent');
    await doc.set({ v: 1 });
    await doc.collection('c1').doc('x').set({});
    await doc.collection('c2').doc('y').set({});
    await doc.collection('c2').doc('y').collection('deeper').doc('z').set({});
    await db.collection('lc').doc('sibling').collection('not-mine').doc('w').set({});
    const names = (await doc.listCollections()).map((c) => c.id).sort();
    expect(names).toEqual(['c1', 'c2']);
    const deeper = await doc.collection('c2').doc('y').listCollections();
    expect(deeper.map((c) => c.path)).toEqual(['lc/parent/c2/y/deeper']);
  });

  it('on a missing document that has subcollections', async () => {
    const ghost = db.collection('lc').doc('ghost');
    await ghost.collection('only').doc('x').set({});
    expect((await ghost.listCollections()).map((c) => c.id)).toEqual(['only']);
  });

  it('on a document without subcollections is empty', async () => {
    const doc = db.collection('lc').doc('leaf');
    await doc.set({ v: 1 });
    expect(await doc.listCollections()).toEqual([]);
  });
});
