// onSnapshot on a document and on queries: initial snapshots, then changes as they happen.
import { describe, expect, it } from 'vitest';
import type { DocumentSnapshot, QuerySnapshot } from 'firebase-admin/firestore';
import { Inbox, ids, sleep, useFirestore } from './helpers.ts';

const db = useFirestore();
const col = db.collection('listeners');

type Change = [type: string, id: string, oldIndex: number, newIndex: number];

function changes(snap: QuerySnapshot): Change[] {
  return snap.docChanges().map((c) => [c.type, c.doc.id, c.oldIndex, c.newIndex]);
}

describe('document listener', () => {
  it('sees missing → created → modified → deleted', async () => {
    const ref = col.doc('watched');
    const inbox = new Inbox<DocumentSnapshot>();
    const unsubscribe = ref.onSnapshot(inbox.push, inbox.fail);
    try {
      const initial = await inbox.next();
      expect(initial.exists).toBe(false);
      expect(initial.id).toBe('watched');

      const created = await ref.set({ v: 1 });
      const s1 = await inbox.next();
      expect(s1.exists).toBe(true);
      expect(s1.data()).toEqual({ v: 1 });
      expect(s1.updateTime?.isEqual(created.writeTime)).toBe(true);

      const updated = await ref.update({ v: 2, extra: 'x' });
      const s2 = await inbox.next();
      expect(s2.data()).toEqual({ v: 2, extra: 'x' });
      expect(s2.createTime?.isEqual(created.writeTime)).toBe(true);
      expect(s2.updateTime?.isEqual(updated.writeTime)).toBe(true);

      await ref.delete();
      const s3 = await inbox.next();
      expect(s3.exists).toBe(false);

      // Writes to other documents do not produce snapshots for this one.
      await col.doc('unrelated').set({ v: 9 });
      await sleep(300);
      expect(inbox.size).toBe(0);
    } finally {
      unsubscribe();
    }
  });

  it('starts with the current data of an existing document', async () => {
    const ref = col.doc('existing');
    await ref.set({ hello: 'world' });
    const inbox = new Inbox<DocumentSnapshot>();
    const unsubscribe = ref.onSnapshot(inbox.push, inbox.fail);
    try {
      const initial = await inbox.next();
      expect(initial.exists).toBe(true);
      expect(initial.data()).toEqual({ hello: 'world' });
    } finally {
      unsubscribe();
    }
  });
});

describe('query listener', () => {
  it('reports added, modified and removed changes with their indexes', async () => {
    await col.doc('a').set({ g: 'in', n: 1 });
    await col.doc('b').set({ g: 'in', n: 2 });
    await col.doc('c').set({ g: 'in', n: 3 });
    await col.doc('x').set({ g: 'out', n: 0 });
    const inbox = new Inbox<QuerySnapshot>();
    const unsubscribe = col.where('g', '==', 'in').orderBy('n').onSnapshot(inbox.push, inbox.fail);
    try {
      const initial = await inbox.next();
      expect(ids(initial)).toEqual(['a', 'b', 'c']);
      expect(changes(initial)).toEqual([
        ['added', 'a', -1, 0],
        ['added', 'b', -1, 1],
        ['added', 'c', -1, 2],
      ]);

      await col.doc('d').set({ g: 'in', n: 0 });
      const added = await inbox.next();
      expect(ids(added)).toEqual(['d', 'a', 'b', 'c']);
      expect(changes(added)).toEqual([['added', 'd', -1, 0]]);

      await col.doc('b').update({ n: 10 });
      const modified = await inbox.next();
      expect(ids(modified)).toEqual(['d', 'a', 'c', 'b']);
      expect(changes(modified)).toEqual([['modified', 'b', 2, 3]]);
      expect(modified.docChanges()[0].doc.get('n')).toBe(10);

      await col.doc('c').update({ g: 'out' }); // stops matching the filter
      const left = await inbox.next();
      expect(ids(left)).toEqual(['d', 'a', 'b']);
      expect(changes(left)).toEqual([['removed', 'c', 2, -1]]);

      await col.doc('x').update({ g: 'in' }); // starts matching the filter
      const joined = await inbox.next();
      expect(ids(joined)).toEqual(['d', 'x', 'a', 'b']); // n ties with 'd': id order
      expect(changes(joined)).toEqual([['added', 'x', -1, 1]]);

      await col.doc('a').delete();
      const deleted = await inbox.next();
      expect(ids(deleted)).toEqual(['d', 'x', 'b']);
      expect(changes(deleted)).toEqual([['removed', 'a', 2, -1]]);
    } finally {
      unsubscribe();
    }
  });

  it('a batch that changes several documents arrives as one snapshot', async () => {
    await col.doc('p').set({ n: 1 });
    await col.doc('q').set({ n: 2 });
    const inbox = new Inbox<QuerySnapshot>();
    const unsubscribe = col.orderBy('n').onSnapshot(inbox.push, inbox.fail);
    try {
      expect(ids(await inbox.next())).toEqual(['p', 'q']);
      const batch = db.batch();
      batch.set(col.doc('r'), { n: 3 });
      batch.update(col.doc('p'), { n: 5 });
      batch.delete(col.doc('q'));
      await batch.commit();
      const snap = await inbox.next();
      expect(ids(snap)).toEqual(['r', 'p']);
      // Removals first, then additions, then modifications, each index relative to the list
      // as it stands after the previous change.
      expect(changes(snap)).toEqual([
        ['removed', 'q', 1, -1],
        ['added', 'r', -1, 1],
        ['modified', 'p', 0, 1],
      ]);
    } finally {
      unsubscribe();
    }
  });

  it('with a limit, a new document pushes the last one out', async () => {
    await col.doc('a').set({ n: 1 });
    await col.doc('b').set({ n: 2 });
    await col.doc('c').set({ n: 3 });
    const inbox = new Inbox<QuerySnapshot>();
    const unsubscribe = col.orderBy('n').limit(2).onSnapshot(inbox.push, inbox.fail);
    try {
      expect(ids(await inbox.next())).toEqual(['a', 'b']);

      await col.doc('z').set({ n: 0 });
      const pushed = await inbox.next();
      expect(ids(pushed)).toEqual(['z', 'a']);
      expect(changes(pushed)).toEqual([
        ['removed', 'b', 1, -1],
        ['added', 'z', -1, 0],
      ]);

      await col.doc('z').delete(); // 'b' comes back in
      const back = await inbox.next();
      expect(ids(back)).toEqual(['a', 'b']);
      expect(changes(back)).toEqual([
        ['removed', 'z', 0, -1],
        ['added', 'b', -1, 1],
      ]);
    } finally {
      unsubscribe();
    }
  });

  it('with limitToLast, documents stay in query order and a new last one takes its place', async () => {
    await col.doc('a').set({ n: 1 });
    await col.doc('b').set({ n: 2 });
    await col.doc('c').set({ n: 3 });
    const inbox = new Inbox<QuerySnapshot>();
    const unsubscribe = col.orderBy('n').limitToLast(2).onSnapshot(inbox.push, inbox.fail);
    try {
      expect(ids(await inbox.next())).toEqual(['b', 'c']);
      await col.doc('d').set({ n: 4 });
      const snap = await inbox.next();
      expect(ids(snap)).toEqual(['c', 'd']);
      expect(changes(snap)).toEqual([
        ['removed', 'b', 0, -1],
        ['added', 'd', -1, 1],
      ]);
    } finally {
      unsubscribe();
    }
  });

  it('an empty query gives an empty first snapshot, then the first document', async () => {
    const inbox = new Inbox<QuerySnapshot>();
    const unsubscribe = col.where('kind', '==', 'rare').onSnapshot(inbox.push, inbox.fail);
    try {
      const initial = await inbox.next();
      expect(initial.empty).toBe(true);
      expect(initial.docChanges()).toEqual([]);
      await col.doc('other').set({ kind: 'common' });
      await col.doc('rare1').set({ kind: 'rare' });
      const snap = await inbox.next();
      expect(ids(snap)).toEqual(['rare1']);
      expect(changes(snap)).toEqual([['added', 'rare1', -1, 0]]);
    } finally {
      unsubscribe();
    }
  });

  it('a collection listener ignores documents of subcollections and other collections', async () => {
    const inbox = new Inbox<QuerySnapshot>();
    const unsubscribe = col.onSnapshot(inbox.push, inbox.fail);
    try {
      expect((await inbox.next()).size).toBe(0);
      await db.doc('listeners-other/x').set({ v: 1 });
      await col.doc('ghost').collection('sub').doc('y').set({ v: 1 });
      await col.doc('real').set({ v: 1 });
      const snap = await inbox.next();
      expect(ids(snap)).toEqual(['real']);
    } finally {
      unsubscribe();
    }
  });

  it('a collection group listener sees documents at every depth', async () => {
    const inbox = new Inbox<QuerySnapshot>();
    const unsubscribe = db.collectionGroup('lg-items').onSnapshot(inbox.push, inbox.fail);
    try {
      expect((await inbox.next()).size).toBe(0);
      await db.doc('lg-a/1/lg-items/i1').set({ v: 1 });
      const one = await inbox.next();
      expect(one.docs.map((d) => d.ref.path)).toEqual(['lg-a/1/lg-items/i1']);
      await db.doc('lg-items/i0').set({ v: 0 });
      const two = await inbox.next();
      expect(two.docs.map((d) => d.ref.path)).toEqual(['lg-a/1/lg-items/i1', 'lg-items/i0']);
    } finally {
      unsubscribe();
    }
  });
});
