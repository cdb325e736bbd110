// collectionGroup queries across parents, with filters, ordering, cursors and aggregations.
import { beforeEach, describe, expect, it } from 'vitest';
import { AggregateField, FieldPath } from 'firebase-admin/firestore';
import { useFirestore } from './helpers.ts';

const db = useFirestore();

const paths = (snap: { docs: { ref: { path: string } }[] }): string[] =>
  snap.docs.map((d) => d.ref.path);

beforeEach(async () => {
  const batch = db.batch();
  batch.set(db.doc('cg-users/alice'), { name: 'alice' });
  batch.set(db.doc('cg-users/alice/posts/p1'), { likes: 5, topic: 'a', author: 'alice' });
  batch.set(db.doc('cg-users/alice/posts/p2'), { likes: 1, topic: 'b', author: 'alice' });
  batch.set(db.doc('cg-users/bob/posts/p1'), { likes: 3, topic: 'a', author: 'bob' }); // bob is missing
  batch.set(db.doc('posts/root1'), { likes: 4, topic: 'b', author: 'root' });
  batch.set(db.doc('cg-teams/t1/boards/b1/posts/deep'), { likes: 2, topic: 'a', author: 'deep' });
  batch.set(db.doc('cg-users/alice/posts-archive/old'), { likes: 100, topic: 'a' });
  batch.set(db.doc('cg-users/alice/post/singular'), { likes: 100, topic: 'a' });
  batch.set(db.doc('cg-other/posts'), { likes: 100, topic: 'a' }); // a document named 'posts'
  await batch.commit();
});

describe('collectionGroup', () => {
  it('returns documents of every collection with that id, at any depth, and only those', async () => {
    const snap = await db.collectionGroup('posts').get();
    expect(paths(snap).sort()).toEqual(
      [
        'cg-teams/t1/boards/b1/posts/deep',
        'cg-users/alice/posts/p1',
        'cg-users/alice/posts/p2',
        'cg-users/bob/posts/p1',
        'posts/root1',
      ].sort(),
    );
  });

  it('without orderBy, documents come in full path order', async () => {
    const snap = await db.collectionGroup('posts').get();
    expect(paths(snap)).toEqual([
      'cg-teams/t1/boards/b1/posts/deep',
      'cg-users/alice/posts/p1',
      'cg-users/alice/posts/p2',
      'cg-users/bob/posts/p1',
      'posts/root1',
    ]);
  });

  it('with a filter and ordering', async () => {
    const snap = await db
      .collectionGroup('posts')
      .where('topic', '==', 'a')
      .orderBy('likes', 'desc')
      .get();
    expect(paths(snap)).toEqual([
      'cg-users/alice/posts/p1',
      'cg-users/bob/posts/p1',
      'cg-teams/t1/boards/b1/posts/deep',
    ]);
  });

  it('with a range filter, limit and a snapshot cursor', async () => {
    const q = db.collectionGroup('posts').where('likes', '>=', 2).orderBy('likes');
    const first = await q.limit(2).get();
    expect(paths(first)).toEqual(['cg-teams/t1/boards/b1/posts/deep', 'cg-users/bob/posts/p1']);
    const next = await q.startAfter(first.docs[1]).get();
    expect(paths(next)).toEqual(['posts/root1', 'cg-users/alice/posts/p1']);
  });

  it('ties on the ordered field are broken by full document path', async () => {
    await db.doc('cg-z/z/posts/p0').set({ likes: 3, topic: 'c' });
    const snap = await db.collectionGroup('posts').where('likes', '==', 3).get();
    expect(paths(snap)).toEqual(['cg-users/bob/posts/p1', 'cg-z/z/posts/p0']);
  });

  it('a document-id range limits the group to one subtree', async () => {
    const snap = await db
      .collectionGroup('posts')
      .orderBy(FieldPath.documentId())
      .startAt('cg-users/alice')
      .endAt('cg-users/alice\uf8ff')
      .get();
    expect(paths(snap)).toEqual(['cg-users/alice/posts/p1', 'cg-users/alice/posts/p2']);
  });

  it('count and sum over a collection group', async () => {
    const snap = await db
      .collectionGroup('posts')
      .where('topic', '==', 'b')
      .aggregate({ n: AggregateField.count(), likes: AggregateField.sum('likes') })
      .get();
    expect(snap.data()).toEqual({ n: 2, likes: 5 });
  });

  it('an unknown collection id gives an empty result', async () => {
    expect((await db.collectionGroup('nothing-here').get()).size).toBe(0);
  });
});
