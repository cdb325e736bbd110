// A query's page is kept with its collection until a write that can change it: the same search
// or first page asked again is answered as it was, billed as it was, and a write whose document
// matches the query before or after it (a new match, a match changed or deleted) makes the next
// one read again; a write the query cannot see keeps the page. Every answer, kept or read,
// equals a fresh run of the query over what the test wrote, through random creates, updates and
// deletes; pages after a cursor are not kept.
import { describe, expect, it } from 'vitest';
import { Engine } from '../src/engine.ts';
import { compileQuery, executeQuery } from '../src/query/query.ts';
import { answerKey } from '../src/storage/kept-answers.ts';
import type { Database } from '../src/storage/store.ts';
import type { Filter, StoredDoc, StructuredQuery, Value } from '../src/model/types.ts';
import { random } from './helpers.ts';

const DB = 'projects/p/databases/(default)';
const str = (s: string): Value => ({ stringValue: s, valueType: 'stringValue' });
const int = (n: number): Value => ({ integerValue: String(n), valueType: 'integerValue' });
const dbl = (n: number): Value => ({ doubleValue: n, valueType: 'doubleValue' });
const arr = (values: Value[]): Value => ({ arrayValue: { values }, valueType: 'arrayValue' });
const field = (fieldPath: string, op: string, value: Value): Filter => ({
  fieldFilter: { field: { fieldPath }, op, value },
});
const byAt = (direction: 'ASCENDING' | 'DESCENDING') => [{ field: { fieldPath: 'at' }, direction }];

const WORDS = ['ram', 'shyam', 'agro', 'traders', 'steel'];

interface Row {
  tags?: string[];
  status?: string;
  at?: number;
  /** A number as an integer or a double: equal ones meet whatever their kind. */
  n?: Value;
}

const NUMBERS: Value[] = [
  int(0),
  dbl(-0),
  int(1),
  dbl(1),
  dbl(2.5),
  dbl(NaN),
  dbl(Infinity),
  dbl(-Infinity),
];

function stored(db: Database, key: string, row: Row): StoredDoc {
  const fields: StoredDoc['fields'] = {};
  if (row.tags) fields.tags = arr(row.tags.map(str));
  if (row.status) fields.status = str(row.status);
  if (row.at !== undefined) fields.at = int(row.at);
  if (row.n) fields.n = row.n;
  return { name: db.nameOf(key), key, fields, createTime: 1, updateTime: 1 } as StoredDoc;
}

const QUERIES: StructuredQuery[] = [
  // A search: array-contains-any on the search keys, newest first, a page.
  {
    from: [{ collectionId: 'c' }],
    where: field('tags', 'ARRAY_CONTAINS_ANY', arr([str('agro'), str('steel')])),
    orderBy: byAt('DESCENDING'),
    limit: { value: 4 },
  },
  {
    from: [{ collectionId: 'c' }],
    where: field('tags', 'ARRAY_CONTAINS', str('ram')),
    limit: { value: 3 },
  },
  // A first page of the list, and one past an offset.
  { from: [{ collectionId: 'c' }], orderBy: byAt('DESCENDING'), limit: { value: 5 } },
  { from: [{ collectionId: 'c' }], orderBy: byAt('ASCENDING'), offset: 2, limit: { value: 3 } },
  // An equality with a range and no limit: every match (not kept, but answered the same).
  {
    from: [{ collectionId: 'c' }],
    where: {
      compositeFilter: {
        op: 'AND',
        filters: [field('status', 'EQUAL', str('open')), field('at', 'GREATER_THAN', int(40))],
      },
    },
  },
  // Numbers of both kinds, and the doubles JSON cannot write: each query its own answer.
  ...[int(1), dbl(1), dbl(-0), dbl(Infinity), dbl(-Infinity)].map((v) => ({
    from: [{ collectionId: 'c' }],
    where: field('n', 'EQUAL', v),
    limit: { value: 3 },
  })),
  {
    from: [{ collectionId: 'c' }],
    where: field('n', 'IN', arr([int(0), dbl(2.5), dbl(-Infinity)])),
    orderBy: byAt('DESCENDING'),
    limit: { value: 3 },
  },
  {
    from: [{ collectionId: 'c' }],
    where: { unaryFilter: { field: { fieldPath: 'n' }, op: 'IS_NAN' } },
    limit: { value: 3 },
  },
];

describe('query pages kept between the writes that can change them', () => {
  it('answers each query as a fresh run would, through random writes', () => {
    const engine = new Engine();
    const db = engine.database(DB);
    const next = random(45);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
    const randomRow = (): Row => ({
      tags: next() < 0.9 ? WORDS.filter(() => next() < 0.3) : undefined,
      status: pick(['open', 'closed', 'lost']),
      at: next() < 0.95 ? Math.floor(next() * 100) : undefined,
      n: next() < 0.8 ? pick(NUMBERS) : undefined,
    });
    for (let i = 0; i < 60; i++) db.put(`c/d${i}`, stored(db, `c/d${i}`, randomRow()));
    let keptAnswers = 0;
    for (let round = 0; round < 400; round++) {
      const key = `c/d${Math.floor(next() * 70)}`;
      db.put(key, next() < 0.15 ? undefined : stored(db, key, randomRow()));
      for (const query of QUERIES) {
        const wasKept = db.keptPages('', 'c')?.get(answerKey(query)) !== undefined;
        if (wasKept) keptAnswers++;
        const keys = engine.runQuery(db, db.documentsPrefix, query, {}).map((d) => d.key);
        const fresh = executeQuery(db, compileQuery(db, db.documentsPrefix, query));
        expect(keys, answerKey(query)).toEqual(fresh.docs.map((d) => d.key));
      }
    }
    // Most writes leave most pages kept (a write changes one document of seventy).
    expect(keptAnswers).toBeGreaterThan(400);
  });

  it('keeps a page through writes it cannot see and reads again after one it can', () => {
    const engine = new Engine();
    const db = engine.database(DB);
    const put = (key: string, row: Row | undefined) => db.put(key, row && stored(db, key, row));
    for (let i = 0; i < 20; i++) put(`c/d${i}`, { tags: i % 4 === 0 ? ['agro'] : ['ram'], at: i });
    const search = QUERIES[0];
    const run = () => {
      const before = db.counters.reads;
      const keys = engine.runQuery(db, db.documentsPrefix, search, {}).map((d) => d.key);
      return { keys, billed: db.counters.reads - before };
    };
    const kept = () => db.keptPages('', 'c')!.get(answerKey(search)) !== undefined;

    const first = run();
    expect(first).toEqual({ keys: ['c/d16', 'c/d12', 'c/d8', 'c/d4'], billed: 4 });
    expect(kept()).toBe(true);
    // Answered as it was, billed as it was.
    expect(run()).toEqual(first);
    // A new document without the words, a change to one without them, a delete of one: kept.
    put('c/new', { tags: ['ram'], at: 99 });
    put('c/d1', { tags: ['shyam'], at: 1 });
    put('c/d3', undefined);
    put('other/x', { tags: ['agro'], at: 50 });
    expect(kept()).toBe(true);
    // A new match sorts into the page: read again.
    put('c/d50', { tags: ['steel'], at: 50 });
    expect(kept()).toBe(false);
    expect(run().keys).toEqual(['c/d50', 'c/d16', 'c/d12', 'c/d8']);
    // A match beyond the page gains a word, a match in it loses its words: read again each time.
    put('c/d0', { tags: ['agro', 'ram'], at: 0 });
    expect(kept()).toBe(false);
    expect(run().keys).toEqual(['c/d50', 'c/d16', 'c/d12', 'c/d8']);
    put('c/d16', { tags: ['ram'], at: 16 });
    expect(run().keys).toEqual(['c/d50', 'c/d12', 'c/d8', 'c/d4']);
    put('c/d12', undefined);
    expect(run().keys).toEqual(['c/d50', 'c/d8', 'c/d4', 'c/d0']);
  });

  it('keeps queries apart whose doubles JSON writes alike', () => {
    const engine = new Engine();
    const db = engine.database(DB);
    const values = [dbl(Infinity), dbl(-Infinity), dbl(NaN), dbl(0), dbl(-0)];
    values.forEach((n, i) => db.put(`c/d${i}`, stored(db, `c/d${i}`, { n })));
    const below = (v: Value): StructuredQuery => ({
      from: [{ collectionId: 'c' }],
      where: field('n', 'LESS_THAN', v),
      limit: { value: 5 },
    });
    const answer = (v: Value) =>
      engine.runQuery(db, db.documentsPrefix, below(v), {}).map((d) => d.key);
    expect(answer(dbl(Infinity))).toEqual(['c/d1', 'c/d3', 'c/d4']);
    expect(answer(dbl(-Infinity))).toEqual([]);
    expect(answer(dbl(NaN))).toEqual([]);
    expect(answer(dbl(Infinity))).toEqual(['c/d1', 'c/d3', 'c/d4']);
    expect(new Set(values.map((v) => answerKey(below(v)))).size).toBe(values.length);
  });

  it('does not keep a page after a cursor, nor every match of a query without a limit', () => {
    const engine = new Engine();
    const db = engine.database(DB);
    for (let i = 0; i < 10; i++) db.put(`c/d${i}`, stored(db, `c/d${i}`, { at: i }));
    const query: StructuredQuery = {
      from: [{ collectionId: 'c' }],
      orderBy: byAt('ASCENDING'),
      startAt: { values: [int(5)], before: false },
      limit: { value: 2 },
    };
    const keys = engine.runQuery(db, db.documentsPrefix, query, {}).map((d) => d.key);
    expect(keys).toEqual(['c/d6', 'c/d7']);
    const listing: StructuredQuery = { from: [{ collectionId: 'c' }], orderBy: byAt('ASCENDING') };
    expect(engine.runQuery(db, db.documentsPrefix, listing, {})).toHaveLength(10);
    expect(db.keptPages('', 'c')!.size).toBe(0);
  });
});
