// With an index file the embedded server serves only what production Firestore serves with
// those indexes: the automatic single-field indexes (as fieldOverrides change them) and the
// listed composite indexes. Anything else fails with FAILED_PRECONDITION naming the index to
// add. It also refuses documents with more index entries than production allows. These tests
// start their own server with an index file; the rest of the suite runs without one.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AggregateField,
  FieldPath,
  FieldValue,
  Filter,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import {
  MAX_INDEX_ENTRIES,
  startEmbeddedFirestore,
  type EmbeddedFirestore,
  type IndexFile,
} from '../src/index.ts';
import { IndexRules } from '../src/indexes/index-rules.ts';
import type { Fields } from '../src/model/types.ts';
import { Code, expectCode, firestoreAt } from './helpers.ts';
import { asc, composite, contains, desc, flatVector } from './index-specs.ts';

const INDEXES: IndexFile = {
  indexes: [
    composite('cities', [asc('country'), desc('population')]),
    composite('cities', [contains('tags'), desc('population')]),
    composite('cities', [asc('population'), asc('area')]),
    composite('cities', [asc('area'), desc('__name__')]),
    composite('landmarks', [asc('type'), asc('height')], 'COLLECTION_GROUP'),
    composite('cities', [flatVector('shape', 2)]),
    composite('cities', [asc('country'), flatVector('shape', 2)]),
  ],
  fieldOverrides: [
    { collectionGroup: 'cities', fieldPath: 'note', indexes: [] },
    { collectionGroup: 'cities', fieldPath: 'meta', indexes: [] },
    {
      collectionGroup: 'landmarks',
      fieldPath: 'type',
      indexes: [
        { order: 'ASCENDING', queryScope: 'COLLECTION' },
        { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
      ],
    },
  ],
};

let server: EmbeddedFirestore;
let close: () => Promise<void>;
let db: Firestore;

beforeAll(async () => {
  // Through the CLI's path: the option takes the file's path as well as its content.
  const dir = mkdtempSync(path.join(tmpdir(), 'indexes-'));
  const file = path.join(dir, 'firestore.indexes.json');
  writeFileSync(file, JSON.stringify(INDEXES));
  server = await startEmbeddedFirestore({ port: 0, indexes: file });
  ({ db, close } = firestoreAt(server.host, 'index-rules'));
  const batch = db.batch();
  batch.set(db.doc('cities/sf'), {
    country: 'USA',
    population: 870_000,
    area: 121,
    tags: ['coast', 'tech'],
    note: 'fog',
    shape: FieldValue.vector([1, 0]),
  });
  batch.set(db.doc('cities/la'), {
    country: 'USA',
    population: 3_900_000,
    area: 1302,
    tags: ['coast'],
    note: 'sun',
    shape: FieldValue.vector([0, 1]),
  });
  batch.set(db.doc('cities/tokyo'), {
    country: 'Japan',
    population: 14_000_000,
    area: 2194,
    tags: ['tech'],
  });
  batch.set(db.doc('cities/sf/landmarks/bridge'), { type: 'bridge', height: 227 });
  batch.set(db.doc('cities/tokyo/landmarks/tower'), { type: 'tower', height: 333 });
  await batch.commit();
});

afterAll(async () => {
  await close();
  await server.close();
});

const ids = async (q: Query) => (await q.get()).docs.map((d) => d.id);

/** The query fails with code 9 and a message holding the index to add, which is returned. */
async function refused(q: Query): Promise<Record<string, unknown>> {
  const error = await expectCode(q.get(), Code.FAILED_PRECONDITION);
  expect(error.message).toContain('The query requires an index');
  const json = /(\{.*\})\s*$/.exec(error.message)?.[1];
  expect(json, error.message).toBeDefined();
  return JSON.parse(json!) as Record<string, unknown>;
}

const cities = () => db.collection('cities');

describe('single-field indexes serve', () => {
  it('equalities alone, several merged, and array-contains with them', async () => {
    expect(await ids(cities().where('country', '==', 'USA'))).toEqual(['la', 'sf']);
    expect(
      await ids(
        cities()
          .where('country', '==', 'USA')
          .where('area', '==', 121)
          .where('tags', 'array-contains', 'tech'),
      ),
    ).toEqual(['sf']);
    expect(
      await ids(cities().where('country', 'in', ['Japan', 'USA']).where('area', '==', 2194)),
    ).toEqual(['tokyo']);
    expect(await ids(cities().where('tags', 'array-contains-any', ['coast']))).toEqual([
      'la',
      'sf',
    ]);
  });

  it('equalities ordered by document name, either way', async () => {
    const q = cities().where('country', '==', 'USA');
    expect(await ids(q.orderBy(FieldPath.documentId(), 'desc'))).toEqual(['sf', 'la']);
  });

  it('a range and an order on one field, ascending or descending', async () => {
    expect(await ids(cities().where('population', '>', 1_000_000))).toEqual(['la', 'tokyo']);
    expect(await ids(cities().orderBy('population', 'desc').limit(2))).toEqual(['tokyo', 'la']);
    expect(await ids(cities().where('country', '!=', 'USA'))).toEqual(['tokyo']);
    expect(await ids(cities().where('country', 'not-in', ['Japan']).orderBy('country'))).toEqual([
      'la',
      'sf',
    ]);
  });

  it('an order on a field an equality fixes, which orders nothing', async () => {
    expect(await ids(cities().where('country', 'in', ['USA']).orderBy('country'))).toEqual([
      'la',
      'sf',
    ]);
  });

  it('counts with an inequality on one field', async () => {
    const snap = await cities().where('area', '>', 200).count().get();
    expect(snap.data().count).toBe(2);
  });
});

describe('composite indexes serve', () => {
  it('equality then order, and array-contains then order, as listed', async () => {
    expect(await ids(cities().where('country', '==', 'USA').orderBy('population', 'desc'))).toEqual(
      ['la', 'sf'],
    );
    expect(
      await ids(
        cities()
          .where('tags', 'array-contains', 'tech')
          .where('population', '>', 0)
          .orderBy('population', 'desc'),
      ),
    ).toEqual(['tokyo', 'sf']);
  });

  it('equalities merged from indexes ending with the same order', async () => {
    const q = cities()
      .where('country', '==', 'USA')
      .where('tags', 'array-contains', 'coast')
      .orderBy('population', 'desc');
    expect(await ids(q)).toEqual(['la', 'sf']);
  });

  it('inequalities on several fields, in the index order', async () => {
    // Implicitly ordered by area then population (by name): the index must say population first.
    const q = cities().where('population', '>', 1_000_000).where('area', '>', 1000);
    expect(await ids(q.orderBy('population'))).toEqual(['la', 'tokyo']);
  });

  it('a document-name order against the last field, when the index says so', async () => {
    const q = cities().orderBy('area').orderBy(FieldPath.documentId(), 'desc');
    expect(await ids(q)).toEqual(['sf', 'la', 'tokyo']);
  });

  it('a collection group query with a collection-group index', async () => {
    const q = db
      .collectionGroup('landmarks')
      .where('type', '==', 'tower')
      .where('height', '>', 100);
    expect(await ids(q)).toEqual(['tower']);
    expect(await ids(db.collectionGroup('landmarks').where('type', '==', 'bridge'))).toEqual([
      'bridge',
    ]);
  });

  it('a count in the index direction or its reverse', async () => {
    const q = cities().where('country', '==', 'USA').where('population', '>', 0);
    expect((await q.count().get()).data().count).toBe(2);
    const sum = await q
      .orderBy('population', 'desc')
      .aggregate({ p: AggregateField.sum('population') })
      .get();
    expect(sum.data().p).toBe(4_770_000);
  });
});

describe('refused, naming the index to add', () => {
  it('an equality and an order on another field', async () => {
    expect(await refused(cities().where('country', '==', 'USA').orderBy('area'))).toEqual({
      collectionGroup: 'cities',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'country', order: 'ASCENDING' },
        { fieldPath: 'area', order: 'ASCENDING' },
      ],
    });
  });

  it('a listed index read in the other direction', async () => {
    expect(await refused(cities().where('country', '==', 'USA').orderBy('population'))).toEqual({
      collectionGroup: 'cities',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'country', order: 'ASCENDING' },
        { fieldPath: 'population', order: 'ASCENDING' },
      ],
    });
  });

  it('merged indexes that leave an equality uncovered', async () => {
    const q = cities()
      .where('country', '==', 'USA')
      .where('area', '==', 121)
      .orderBy('population', 'desc');
    expect((await refused(q)).fields).toEqual([
      { fieldPath: 'country', order: 'ASCENDING' },
      { fieldPath: 'area', order: 'ASCENDING' },
      { fieldPath: 'population', order: 'DESCENDING' },
    ]);
  });

  it('equalities with a range, which one index must cover (no merging)', async () => {
    const q = cities()
      .where('country', '==', 'USA')
      .where('tags', 'array-contains', 'coast')
      .where('population', '>', 0)
      .orderBy('population', 'desc');
    expect((await refused(q)).fields).toEqual([
      { fieldPath: 'country', order: 'ASCENDING' },
      { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
      { fieldPath: 'population', order: 'DESCENDING' },
    ]);
  });

  it('array-contains with a range on another field', async () => {
    expect(
      (await refused(cities().where('tags', 'array-contains', 'x').where('area', '>', 1))).fields,
    ).toEqual([
      { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
      { fieldPath: 'area', order: 'ASCENDING' },
    ]);
  });

  it('inequalities on several fields without their index', async () => {
    expect(
      (await refused(cities().where('area', '>', 1).where('population', '>', 1))).fields,
    ).toEqual([
      { fieldPath: 'area', order: 'ASCENDING' },
      { fieldPath: 'population', order: 'ASCENDING' },
    ]);
  });

  it('two ordered fields without their index', async () => {
    expect((await refused(cities().orderBy('country').orderBy('area', 'desc'))).fields).toEqual([
      { fieldPath: 'country', order: 'ASCENDING' },
      { fieldPath: 'area', order: 'DESCENDING' },
    ]);
  });

  it('a document-name order against the single field, with the name in the index', async () => {
    expect(
      (await refused(cities().orderBy('population').orderBy(FieldPath.documentId(), 'desc')))
        .fields,
    ).toEqual([
      { fieldPath: 'population', order: 'ASCENDING' },
      { fieldPath: '__name__', order: 'DESCENDING' },
    ]);
  });

  it('a field exempted by fieldOverrides (and a map field, with its subfields)', async () => {
    expect(await refused(cities().where('note', '==', 'fog'))).toEqual({
      collectionGroup: 'cities',
      fieldPath: 'note',
      indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }],
    });
    await refused(cities().orderBy('meta.rank'));
  });

  it('a collection group query the collection-scope single-field indexes do not serve', async () => {
    expect(await refused(db.collectionGroup('landmarks').where('height', '>', 1))).toEqual({
      collectionGroup: 'landmarks',
      fieldPath: 'height',
      indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }],
    });
    // The document name alone needs no index, in a group as anywhere.
    expect(await ids(db.collectionGroup('landmarks').orderBy(FieldPath.documentId()))).toHaveLength(
      2,
    );
  });

  it('each disjunction of an OR on its own', async () => {
    expect(
      await ids(
        cities().where(
          Filter.or(Filter.where('country', '==', 'Japan'), Filter.where('area', '==', 121)),
        ),
      ),
    ).toEqual(['sf', 'tokyo']);
    const q = cities()
      .where(Filter.or(Filter.where('country', '==', 'Japan'), Filter.where('area', '==', 121)))
      .orderBy('population', 'desc');
    expect((await refused(q)).fields).toEqual([
      { fieldPath: 'area', order: 'ASCENDING' },
      { fieldPath: 'population', order: 'DESCENDING' },
    ]);
  });

  it('a listener, as a query', async () => {
    const error = await new Promise<Error>((resolve) => {
      const stop = cities()
        .where('country', '==', 'USA')
        .orderBy('area')
        .onSnapshot(
          () => undefined,
          (e) => {
            stop();
            resolve(e);
          },
        );
    });
    // The SDK turns the removed target's cause into the message (it sets no code).
    expect(error.message).toMatch(/^Error 9: The query requires an index/);
  });
});

describe('vector searches', () => {
  const nearest = (q: Query, vector: number[], field = 'shape') =>
    q.findNearest({
      vectorField: field,
      queryVector: vector,
      limit: 2,
      distanceMeasure: 'EUCLIDEAN',
    });

  it('are served by a vector index of their field and dimension, whose other fields they filter on', async () => {
    const found = await nearest(db.collection('cities'), [1, 0.1]).get();
    expect(found.docs.map((d) => d.id)).toEqual(['sf', 'la']);
    const usa = nearest(db.collection('cities').where('country', '==', 'USA'), [0, 1]);
    expect((await usa.get()).docs.map((d) => d.id)).toEqual(['la', 'sf']);
  });

  it('are refused without one, naming the vector index to add', async () => {
    const cases: [ReturnType<typeof nearest>, Record<string, unknown>][] = [
      [
        nearest(db.collection('cities'), [1, 0, 0]),
        {
          collectionGroup: 'cities',
          queryScope: 'COLLECTION',
          fields: [{ fieldPath: 'shape', vectorConfig: { dimension: 3, flat: {} } }],
        },
      ],
      [
        nearest(db.collection('cities').where('area', '>', 100), [1, 0]),
        {
          collectionGroup: 'cities',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'area', order: 'ASCENDING' },
            { fieldPath: 'shape', vectorConfig: { dimension: 2, flat: {} } },
          ],
        },
      ],
      [
        nearest(db.collection('cities'), [1, 0], 'outline'),
        {
          collectionGroup: 'cities',
          queryScope: 'COLLECTION',
          fields: [{ fieldPath: 'outline', vectorConfig: { dimension: 2, flat: {} } }],
        },
      ],
    ];
    for (const [query, index] of cases) {
      const error = await expectCode(query.get(), Code.FAILED_PRECONDITION);
      expect(error.message).toContain('The vector search requires a vector index');
      expect(JSON.parse(/(\{.*\})\s*$/.exec(error.message)![1])).toEqual(index);
    }
    // The client takes about 7 s to report each refusal.
  }, 40_000);

  it('do not make a vector index serve other queries', async () => {
    const error = await expectCode(
      db.collection('cities').where('country', '==', 'USA').orderBy('shape').get(),
      Code.FAILED_PRECONDITION,
    );
    expect(error.message).toContain('The query requires an index');
  });
});

describe('index entries per document', () => {
  const rules = new IndexRules(INDEXES);
  const str = (s: string) => ({ stringValue: s });
  const arr = (...s: string[]) => ({ arrayValue: { values: s.map(str) } });

  it('counts two per field, one per distinct array element, none for exempt fields, and composites', () => {
    const fields: Fields = {
      country: str('USA'), // 2
      population: { integerValue: '5' }, // 2 + composite (country, population)
      tags: arr('a', 'b', 'a'), // 2 distinct + composite (tags, population): 2
      note: str('x'), // exempt
      meta: { mapValue: { fields: { rank: { integerValue: '1' }, by: str('y') } } }, // exempt map
      geo: { mapValue: { fields: { lat: { doubleValue: 1 } } } }, // 2 (the subfield)
    };
    expect(rules.entriesOf('cities', fields)).toBe(2 + 2 + 2 + 2 + 1 + 2);
  });

  it('refuses a write over the limit with INVALID_ARGUMENT, as production does', async () => {
    // tags × population composite: each distinct tag is 2 entries (single-field + composite).
    const tags = Array.from({ length: MAX_INDEX_ENTRIES / 2 }, (_, i) => `t${i}`);
    const error = await expectCode(
      db.doc('cities/big').set({ tags, population: 1 }),
      Code.INVALID_ARGUMENT,
    );
    expect(error.message).toContain('too many index entries for entity');
    expect((await db.doc('cities/big').get()).exists).toBe(false);
    await db.doc('cities/big').set({ tags: tags.slice(1), population: 1 });
    expect((await db.doc('cities/big').get()).exists).toBe(true);
    await db.doc('cities/big').delete();
  });
});
