// A value index is built in slices while the engine answers other work: until it is built the
// queries read without it, and writes and deletes made during the build leave it exactly what
// a build over the final documents gives (each write to a document the build has not read yet
// is left to the build; every other write is applied at once). A kept order of a large
// collection is sorted in slices the same way, the writes made meanwhile applied once sorted.
import { describe, expect, it } from 'vitest';
import { compileQuery, executeQuery } from '../src/query/query.ts';
import { Database } from '../src/storage/store.ts';
import { compareStrings } from '../src/model/values.ts';
import type { Fields, StoredDoc, Value } from '../src/model/types.ts';
import { random } from './helpers.ts';

const str = (s: string): Value => ({ stringValue: s, valueType: 'stringValue' });
const arr = (values: Value[]): Value => ({ arrayValue: { values }, valueType: 'arrayValue' });
const WORDS = Array.from({ length: 40 }, (_, i) => `w${i}`);
const turn = () => new Promise((resolve) => setImmediate(resolve));

function version(key: string, tags: string[]): StoredDoc {
  return { name: key, key, fields: { tags: arr(tags.map(str)) }, createTime: 0, updateTime: 0 };
}

describe('a value index built in slices', () => {
  it('answers only once built, and then as a build over the documents as they ended', async () => {
    const db = new Database('projects/p/databases/(default)');
    db.valueIndexSlice = { ms: Infinity, docs: 100 };
    const rnd = random(26);
    const tagsOf = () => WORDS.filter(() => rnd() < 0.2);
    const model = new Map<string, string[]>();
    const write = (id: number, tags: string[] | undefined) => {
      const key = `c/d${id}`;
      db.put(key, tags && version(key, tags));
      if (tags) model.set(key, tags);
      else model.delete(key);
    };
    for (let i = 0; i < 2_000; i++) write(i, tagsOf());

    expect(db.valueIndex('', 'c', ['tags'])).toBeUndefined();
    let turns = 0;
    // Between slices: updates, deletes, re-creates and new documents, ahead of the build and
    // behind it.
    while (!db.valueIndex('', 'c', ['tags'])) {
      for (let k = 0; k < 30; k++) {
        const id = Math.floor(rnd() * 2_400);
        write(id, rnd() < 0.25 ? undefined : tagsOf());
      }
      await turn();
      turns++;
    }
    expect(turns).toBeGreaterThan(10);
    const index = db.valueIndex('', 'c', ['tags'])!;
    for (const word of WORDS) {
      const want = [...model].filter(([, tags]) => tags.includes(word)).map(([key]) => key);
      const got = [...index.docs([str(word)])].map((d) => d.key);
      expect(got.sort(), word).toEqual(want.sort());
    }
    // Kept up to date once built.
    write(5, ['only-here']);
    expect([...index.docs([str('only-here')])].map((d) => d.key)).toEqual(['c/d5']);
  });

  it('stops when the index is dropped during its build', async () => {
    const db = new Database('projects/p/databases/(default)');
    db.valueIndexSlice = { ms: Infinity, docs: 10 };
    for (let i = 0; i < 200; i++) db.put(`c/d${i}`, version(`c/d${i}`, ['a']));
    expect(db.valueIndex('', 'c', ['tags'])).toBeUndefined();
    // More indexes of the collection than are kept: the first is dropped, unfinished.
    for (let k = 0; k < 8; k++) db.valueIndex('', 'c', [`f${k}`]);
    for (let t = 0; t < 40; t++) await turn();
    // Asked again, it builds anew and answers once built.
    expect(db.valueIndex('', 'c', ['tags'])).toBeUndefined();
    for (let t = 0; t < 40; t++) await turn();
    expect(db.valueIndex('', 'c', ['tags'])!.count([str('a')])).toBe(200);
  });
});

describe('a kept order sorted in slices', () => {
  const num = (n: number): Value => ({ integerValue: String(n), valueType: 'integerValue' });
  const parent = 'projects/p/databases/(default)/documents';
  // Newest first, as the entries list asks: n descending, then the document name descending.
  const query = (limit: number) =>
    compileQuery(db, parent, {
      from: [{ collectionId: 'c' }],
      orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
      limit: { value: limit },
    });
  let db: Database;

  it('answers every query while it sorts, and then from the order, as the documents ended', async () => {
    db = new Database('projects/p/databases/(default)');
    db.orderSlice = { ms: 0, from: 1_000 };
    const rnd = random(41);
    const model = new Map<string, number | undefined>();
    const write = (id: number, n: number | undefined | 'delete') => {
      const key = `c/d${id}`;
      if (n === 'delete') {
        db.put(key, undefined);
        model.delete(key);
        return;
      }
      const fields: Fields = n === undefined ? {} : { n: num(n) };
      db.put(key, { name: `${parent}/${key}`, key, fields, createTime: 0, updateTime: 0 });
      model.set(key, n);
    };
    // Many ties on n, so the name decides often; some documents lack the field.
    const value = () => (rnd() < 0.1 ? undefined : Math.floor(rnd() * 500));
    for (let i = 0; i < 6_000; i++) write(i, value());
    const expected = (limit: number) =>
      [...model]
        .filter(([, n]) => n !== undefined)
        .sort(([ka, a], [kb, b]) => b! - a! || compareStrings(kb, ka))
        .slice(0, limit)
        .map(([key]) => key);
    const page = (limit: number) => executeQuery(db, query(limit)).docs.map((d) => d.key);

    const order = () => db.collection('c')!.orderings.values().next().value!;
    expect(page(25)).toEqual(expected(25));
    expect(order().ready).toBe(false);
    let turns = 0;
    while (!order().ready) {
      // Between slices: updates, deletes, re-creates, new documents, a field removed.
      for (let k = 0; k < 20; k++) {
        const id = Math.floor(rnd() * 7_000);
        write(id, rnd() < 0.2 ? 'delete' : value());
      }
      expect(page(25)).toEqual(expected(25));
      await turn();
      turns++;
    }
    expect(turns).toBeGreaterThan(10);
    // Sorted: the whole order, and the pages read from it.
    expect([...order().from(() => false)].map((d) => d.key)).toEqual(expected(Infinity));
    write(3, 10_000);
    expect(page(3)).toEqual(expected(3));
    expect(page(3)[0]).toBe('c/d3');
  });

  it('sorts a collection below orderSlice.from at once', () => {
    db = new Database('projects/p/databases/(default)');
    for (let i = 0; i < 50; i++)
      db.put(`c/d${i}`, {
        name: `c/d${i}`,
        key: `c/d${i}`,
        fields: { n: num(i) },
        createTime: 0,
        updateTime: 0,
      });
    expect(executeQuery(db, query(2)).docs.map((d) => d.key)).toEqual(['c/d49', 'c/d48']);
    expect(db.collection('c')!.orderings.values().next().value!.ready).toBe(true);
  });
});
