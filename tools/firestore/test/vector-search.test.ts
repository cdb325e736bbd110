// Vector search (findNearest): the three distance measures, distance results, thresholds,
// prefilters, what Firestore refuses alongside it, and which documents take part.
import { describe, expect, it } from 'vitest';
import { FieldValue, type Query } from 'firebase-admin/firestore';
import { Code, expectCode, ids, useFirestore } from './helpers.ts';

const db = useFirestore();
const col = db.collection('vectors');

type Measure = 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';
/** What findNearest answers (firebase-admin does not re-export the class). */
type VectorQuery = ReturnType<Query['findNearest']>;

async function seed(): Promise<void> {
  const batch = db.batch();
  batch.set(col.doc('a'), { v: FieldValue.vector([1, 0]), k: 1 });
  batch.set(col.doc('b'), { v: FieldValue.vector([0, 1]), k: 2 });
  batch.set(col.doc('c'), { v: FieldValue.vector([1, 1]), k: 1 });
  batch.set(col.doc('d'), { v: FieldValue.vector([2, 2]), k: 2 });
  batch.set(col.doc('e'), { v: FieldValue.vector([0, 0]), k: 1 });
  batch.set(col.doc('h'), { v: FieldValue.vector([-1, 0]), k: 1 });
  batch.set(col.doc('i'), { v: FieldValue.vector([1, 0]), k: 1, dist: 'replaced' });
  // Not candidates: another dimension, an array (not a vector), no vector at all.
  batch.set(col.doc('f'), { v: FieldValue.vector([1, 0, 0]), k: 1 });
  batch.set(col.doc('g'), { v: [1, 0], k: 1 });
  batch.set(col.doc('j'), { k: 1 });
  await batch.commit();
}

function nearest(
  measure: Measure,
  options: { from?: Query; threshold?: number; limit?: number; query?: number[] } = {},
): VectorQuery {
  return (options.from ?? col).findNearest({
    vectorField: 'v',
    queryVector: options.query ?? [1, 0],
    limit: options.limit ?? 20,
    distanceMeasure: measure,
    distanceResultField: 'dist',
    ...(options.threshold === undefined ? {} : { distanceThreshold: options.threshold }),
  });
}

/** `id:distance` of each result, in order. */
async function results(query: VectorQuery): Promise<string[]> {
  const snap = await query.get();
  return snap.docs.map((d) => {
    const dist = d.get('dist') as number;
    return `${d.id}:${Number.isNaN(dist) ? 'NaN' : Math.round(dist * 1e6) / 1e6}`;
  });
}

describe('findNearest', () => {
  it('EUCLIDEAN: nearest first, ties by document id, only vectors of the same dimension', async () => {
    await seed();
    expect(await results(nearest('EUCLIDEAN'))).toEqual([
      'a:0',
      'i:0',
      'c:1',
      'e:1',
      'b:1.414214',
      'h:2',
      'd:2.236068',
    ]);
  });

  it('COSINE: one minus the cosine similarity; a zero vector (no direction) comes last', async () => {
    await seed();
    expect(await results(nearest('COSINE'))).toEqual([
      'a:0',
      'i:0',
      'c:0.292893',
      'd:0.292893',
      'b:1',
      'h:2',
      'e:NaN',
    ]);
  });

  it('DOT_PRODUCT: a larger product is nearer', async () => {
    await seed();
    expect(await results(nearest('DOT_PRODUCT'))).toEqual([
      'd:2',
      'a:1',
      'c:1',
      'i:1',
      'b:0',
      'e:0',
      'h:-1',
    ]);
  });

  it('the distance result field replaces a stored field of that name; without one the documents are as stored', async () => {
    await seed();
    const withDistance = await nearest('EUCLIDEAN', { limit: 2 }).get();
    expect(withDistance.docs[1].data()).toEqual({ v: FieldValue.vector([1, 0]), k: 1, dist: 0 });
    const plain = await col
      .findNearest({
        vectorField: 'v',
        queryVector: [1, 0],
        limit: 2,
        distanceMeasure: 'EUCLIDEAN',
      })
      .get();
    expect(ids(plain)).toEqual(['a', 'i']);
    expect(plain.docs[1].get('dist')).toBe('replaced');
  });

  it('a threshold is a maximum distance for EUCLIDEAN and COSINE, a minimum product for DOT_PRODUCT', async () => {
    await seed();
    expect(ids(await nearest('EUCLIDEAN', { threshold: 1 }).get())).toEqual(['a', 'i', 'c', 'e']);
    expect(ids(await nearest('COSINE', { threshold: 1 }).get())).toEqual(['a', 'i', 'c', 'd', 'b']);
    expect(ids(await nearest('DOT_PRODUCT', { threshold: 1 }).get())).toEqual(['d', 'a', 'c', 'i']);
    expect(ids(await nearest('EUCLIDEAN', { threshold: -1 }).get())).toEqual([]);
  });

  it('the limit cuts the nearest', async () => {
    await seed();
    expect(ids(await nearest('DOT_PRODUCT', { limit: 3 }).get())).toEqual(['d', 'a', 'c']);
  });

  it('filters before findNearest choose the candidates (equality, inequality)', async () => {
    await seed();
    const ones = col.where('k', '==', 1);
    expect(await results(nearest('EUCLIDEAN', { from: ones }))).toEqual([
      'a:0',
      'i:0',
      'c:1',
      'e:1',
      'h:2',
    ]);
    expect(ids(await nearest('DOT_PRODUCT', { from: col.where('k', '>', 1) }).get())).toEqual([
      'd',
      'b',
    ]);
  });

  it('a query vector of another dimension finds the vectors of that dimension', async () => {
    await seed();
    expect(await results(nearest('EUCLIDEAN', { query: [1, 0, 0] }))).toEqual(['f:0']);
  });

  it('a collection group search reads every collection of that id', async () => {
    await seed();
    await db.doc('other/x/vectors/z').set({ v: FieldValue.vector([1, 0]) });
    expect(
      ids(await nearest('EUCLIDEAN', { from: db.collectionGroup('vectors'), limit: 3 }).get()),
    ).toEqual(['z', 'a', 'i']);
  });
});

describe('findNearest refuses with INVALID_ARGUMENT (3)', () => {
  it('a limit over 1,000', async () => {
    await expectCode(nearest('EUCLIDEAN', { limit: 1001 }).get(), Code.INVALID_ARGUMENT);
  });

  it('a query limit alongside it', async () => {
    await expectCode(nearest('EUCLIDEAN', { from: col.limit(1) }).get(), Code.INVALID_ARGUMENT);
  });

  it('an offset alongside it', async () => {
    await expectCode(nearest('EUCLIDEAN', { from: col.offset(1) }).get(), Code.INVALID_ARGUMENT);
  });

  it('a cursor alongside it', async () => {
    const cursor = col.orderBy('k').startAt(1);
    await expectCode(nearest('EUCLIDEAN', { from: cursor }).get(), Code.INVALID_ARGUMENT);
  });
});
