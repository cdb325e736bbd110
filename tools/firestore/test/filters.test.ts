// where() operators, null/NaN handling, composite filters, documentId filters, mixed types.
import { beforeEach, describe, expect, it } from 'vitest';
import { FieldPath, FieldValue, Filter, GeoPoint, Timestamp } from 'firebase-admin/firestore';
import { ids, useBigIntFirestore, useFirestore } from './helpers.ts';

const db = useFirestore();
const big = useBigIntFirestore();
const col = db.collection('filters');

// Seeded before every test (the database is reset before each one).
beforeEach(async () => {
  const batch = db.batch();
  batch.set(col.doc('n1'), { n: 1, s: 'a', tags: ['x', 'y'], g: 'odd', b: true });
  batch.set(col.doc('n2'), { n: 2, s: 'b', tags: ['y'], g: 'even', b: false });
  batch.set(col.doc('n3'), { n: 3, s: 'c', tags: [], g: 'odd' });
  batch.set(col.doc('n4'), { n: 4.5, s: 'd', tags: ['z', 'x'], g: 'even' });
  batch.set(col.doc('nul'), { n: null, s: null, tags: null });
  batch.set(col.doc('nan'), { n: NaN });
  batch.set(col.doc('str'), { n: '5', tags: 'x' });
  batch.set(col.doc('none'), { other: true });
  await batch.commit();
});

describe('comparison operators', () => {
  it('==', async () => {
    expect(ids(await col.where('n', '==', 2).get())).toEqual(['n2']);
    expect(ids(await col.where('g', '==', 'odd').get())).toEqual(['n1', 'n3']);
    expect(ids(await col.where('b', '==', false).get())).toEqual(['n2']);
  });

  it('< <= > >= order results by the filtered field', async () => {
    expect(ids(await col.where('n', '<', 3).get())).toEqual(['n1', 'n2']);
    expect(ids(await col.where('n', '<=', 3).get())).toEqual(['n1', 'n2', 'n3']);
    expect(ids(await col.where('n', '>', 2).get())).toEqual(['n3', 'n4']);
    expect(ids(await col.where('n', '>=', 2).get())).toEqual(['n2', 'n3', 'n4']);
    expect(ids(await col.where('s', '>', 'b').get())).toEqual(['n3', 'n4']);
  });

  it('range filters only match values of the same type', async () => {
    // 'str' holds the string '5', 'nul' null and 'nan' NaN: none is in a numeric range.
    expect(ids(await col.where('n', '>', -Infinity).get())).toEqual(['n1', 'n2', 'n3', 'n4']);
    expect(ids(await col.where('n', '>=', '').get())).toEqual(['str']);
    expect(ids(await col.where('n', '<', 100).get())).toEqual(['n1', 'n2', 'n3', 'n4']);
  });

  it('two range filters on the same field', async () => {
    expect(ids(await col.where('n', '>', 1).where('n', '<', 4.5).get())).toEqual(['n2', 'n3']);
  });

  it('range filters on two different fields', async () => {
    const snap = await col.where('n', '>', 1).where('s', '<', 'd').get();
    expect(ids(snap).sort()).toEqual(['n2', 'n3']);
  });

  it('!= excludes documents missing the field and null values', async () => {
    expect(ids(await col.where('n', '!=', 2).get())).toEqual(['nan', 'n1', 'n3', 'n4', 'str']);
  });

  it('in', async () => {
    expect(ids(await col.where('n', 'in', [1, 3, '5', 99]).get())).toEqual(['n1', 'n3', 'str']);
    expect(ids(await col.where('s', 'in', ['d', 'a']).get())).toEqual(['n1', 'n4']);
  });

  it('not-in excludes documents missing the field and null values', async () => {
    expect(ids(await col.where('n', 'not-in', [1, 2]).get())).toEqual(['nan', 'n3', 'n4', 'str']);
  });

  it('array-contains', async () => {
    expect(ids(await col.where('tags', 'array-contains', 'x').get())).toEqual(['n1', 'n4']);
    expect(ids(await col.where('tags', 'array-contains', 'nope').get())).toEqual([]);
  });

  it('array-contains-any', async () => {
    expect(ids(await col.where('tags', 'array-contains-any', ['y', 'z']).get())).toEqual([
      'n1',
      'n2',
      'n4',
    ]);
  });

  it('array-contains with a map element compares the whole map', async () => {
    await col.doc('maps').set({ tags: [{ k: 1, v: 'a' }, { k: 2 }] });
    expect(ids(await col.where('tags', 'array-contains', { k: 2 }).get())).toEqual(['maps']);
    expect(ids(await col.where('tags', 'array-contains', { k: 1 }).get())).toEqual([]);
  });

  it('in with array values matches whole arrays', async () => {
    expect(ids(await col.where('tags', 'in', [['y'], ['x']]).get())).toEqual(['n2']);
    expect(ids(await col.where('tags', '==', []).get())).toEqual(['n3']);
  });

  it('== on a map value matches the whole map', async () => {
    await col.doc('m1').set({ m: { a: 1, b: 'x' } });
    await col.doc('m2').set({ m: { a: 1 } });
    expect(ids(await col.where('m', '==', { a: 1 }).get())).toEqual(['m2']);
    expect(ids(await col.where('m', '==', { b: 'x', a: 1 }).get())).toEqual(['m1']);
    expect(ids(await col.where('m.a', '==', 1).get())).toEqual(['m1', 'm2']);
  });

  it('equality on timestamps, geopoints, bytes and references', async () => {
    const when = new Timestamp(1_700_000_000, 1000);
    await col.doc('v1').set({
      t: when,
      geo: new GeoPoint(1, 2),
      by: Buffer.from([1, 2]),
      ref: db.doc('a/b'),
    });
    await col.doc('v2').set({
      t: new Timestamp(1_700_000_000, 2000),
      geo: new GeoPoint(2, 1),
      by: Buffer.from([1, 2, 0]),
      ref: db.doc('a/c'),
    });
    expect(ids(await col.where('t', '==', when).get())).toEqual(['v1']);
    expect(ids(await col.where('geo', '==', new GeoPoint(1, 2)).get())).toEqual(['v1']);
    expect(ids(await col.where('by', '==', Buffer.from([1, 2])).get())).toEqual(['v1']);
    expect(ids(await col.where('ref', '==', db.doc('a/b')).get())).toEqual(['v1']);
    expect(ids(await col.where('t', '>', when).get())).toEqual(['v2']);
  });
});

describe('null and NaN', () => {
  it('== null matches only null values', async () => {
    expect(ids(await col.where('n', '==', null).get())).toEqual(['nul']);
  });

  it('!= null matches every present non-null value', async () => {
    expect(ids(await col.where('n', '!=', null).get()).sort()).toEqual(
      ['n1', 'n2', 'n3', 'n4', 'nan', 'str'].sort(),
    );
  });

  it('== NaN matches only NaN', async () => {
    expect(ids(await col.where('n', '==', NaN).get())).toEqual(['nan']);
  });

  it('!= NaN matches present values that are not NaN', async () => {
    expect(ids(await col.where('n', '!=', NaN).get()).sort()).toEqual(
      ['n1', 'n2', 'n3', 'n4', 'str'].sort(),
    );
  });

  it('NaN is below every other number but not in any range', async () => {
    expect(ids(await col.where('n', '<', 0).get())).toEqual([]);
  });
});

describe('numbers: integers and doubles compare by value', () => {
  it('1 == 1.0 and ranges mix integers and doubles', async () => {
    // A double 1.0 cannot be written from JS directly (1.0 is an integer to the SDK): make one
    // with a double increment, and check it really is stored as a double.
    await col.doc('dbl').set({ n: 0.5 });
    await col.doc('dbl').update({ n: FieldValue.increment(0.5) });
    const raw = (await big.doc(col.doc('dbl').path).get()).get('n') as unknown;
    expect(raw).toBe(1);
    expect(typeof raw).toBe('number');
    expect(ids(await col.where('n', '==', 1).get())).toEqual(['dbl', 'n1']);
    expect(ids(await col.where('n', 'in', [1]).get())).toEqual(['dbl', 'n1']);
    expect(ids(await col.where('n', '>', 0.99).where('n', '<', 2).get())).toEqual(['dbl', 'n1']);
    expect(ids(await col.where('n', '>=', 4.5).get())).toEqual(['n4']);
    expect(ids(await col.where('n', '>', 4).get())).toEqual(['n4']);
  });
});

describe('numbers: exact comparison across integers and doubles', () => {
  it('-0 equals 0', async () => {
    await col.doc('negzero').set({ z: -0 });
    await col.doc('zero').set({ z: 0 });
    expect(ids(await col.where('z', '==', 0).get())).toEqual(['negzero', 'zero']);
    expect(ids(await col.where('z', '==', -0).get())).toEqual(['negzero', 'zero']);
  });

  it('int64 values beyond 2^53 compare exactly with doubles', async () => {
    const bigCol = big.collection('filters');
    await bigCol.doc('i53').set({ w: 9007199254740992n }); // 2^53 as an integer
    await bigCol.doc('i53+1').set({ w: 9007199254740993n }); // 2^53 + 1 as an integer
    await bigCol.doc('imax').set({ w: 9223372036854775807n });
    // 2 ** 53 is not a safe integer, so the SDK sends it as a double.
    expect(ids(await col.where('w', '==', 2 ** 53).get())).toEqual(['i53']);
    expect(ids(await col.where('w', '>', 2 ** 53).get())).toEqual(['i53+1', 'imax']);
    expect(ids(await bigCol.where('w', '==', 9007199254740993n).get())).toEqual(['i53+1']);
    expect(ids(await bigCol.where('w', '<', 9223372036854775807n).get())).toEqual(['i53', 'i53+1']);
    // 2^63 as a double is above every int64.
    expect(ids(await col.where('w', '>=', 2 ** 63).get())).toEqual([]);
  });
});

describe('composite filters', () => {
  it('Filter.and', async () => {
    const q = col.where(Filter.and(Filter.where('g', '==', 'odd'), Filter.where('n', '>', 1)));
    expect(ids(await q.get())).toEqual(['n3']);
  });

  it('Filter.or', async () => {
    const q = col.where(Filter.or(Filter.where('n', '==', 1), Filter.where('s', '==', 'c')));
    expect(ids(await q.get())).toEqual(['n1', 'n3']);
  });

  it('Filter.or over different operators does not duplicate documents', async () => {
    const q = col.where(
      Filter.or(
        Filter.where('tags', 'array-contains', 'x'),
        Filter.where('g', '==', 'odd'),
        Filter.where('n', 'in', [1, 2]),
      ),
    );
    expect(ids(await q.get())).toEqual(['n1', 'n2', 'n3', 'n4']);
  });

  it('nested: or(and(...), ...) and and(or(...), or(...))', async () => {
    const q1 = col.where(
      Filter.or(
        Filter.and(Filter.where('g', '==', 'even'), Filter.where('n', '>', 3)),
        Filter.where('n', '==', 1),
      ),
    );
    expect(ids(await q1.get())).toEqual(['n1', 'n4']);
    const q2 = col.where(
      Filter.and(
        Filter.or(Filter.where('g', '==', 'odd'), Filter.where('n', '==', 2)),
        Filter.or(Filter.where('s', '==', 'b'), Filter.where('s', '==', 'c')),
      ),
    );
    expect(ids(await q2.get())).toEqual(['n2', 'n3']);
  });

  it('Filter.or combined with a plain where', async () => {
    const q = col
      .where('g', '==', 'even')
      .where(Filter.or(Filter.where('s', '==', 'b'), Filter.where('s', '==', 'a')));
    expect(ids(await q.get())).toEqual(['n2']);
  });
});

describe('FieldPath.documentId()', () => {
  it('==, in, ranges on the document id', async () => {
    const id = FieldPath.documentId();
    expect(ids(await col.where(id, '==', 'n2').get())).toEqual(['n2']);
    expect(ids(await col.where(id, 'in', ['n3', 'none', 'missing']).get())).toEqual(['n3', 'none']);
    expect(ids(await col.where(id, '>=', 'n3').where(id, '<', 'nan').get())).toEqual(['n3', 'n4']);
    expect(ids(await col.where(id, '==', col.doc('str')).get())).toEqual(['str']);
  });

  it('not-in on the document id', async () => {
    const snap = await col.where(FieldPath.documentId(), 'not-in', ['n1', 'n2', 'nul']).get();
    expect(ids(snap)).toEqual(['n3', 'n4', 'nan', 'none', 'str']);
  });
});

describe('queries on nested fields', () => {
  it('where on a dotted path', async () => {
    await col.doc('deep1').set({ a: { b: { c: 5 } } });
    await col.doc('deep2').set({ a: { b: { c: 6 } } });
    await col.doc('deep3').set({ a: { b: 'flat' } });
    expect(ids(await col.where('a.b.c', '>=', 5).get())).toEqual(['deep1', 'deep2']);
    expect(ids(await col.where('a.b', '==', 'flat').get())).toEqual(['deep3']);
  });
});
