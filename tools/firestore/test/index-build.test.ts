// A value index is built in slices while the engine answers other work: until it is built the
// queries read without it, and writes and deletes made during the build leave it exactly what
// a build over the final documents gives (each write to a document the build has not read yet
// is left to the build; every other write is applied at once).
import { describe, expect, it } from 'vitest';
import { Database } from '../src/storage/store.ts';
import type { StoredDoc, Value } from '../src/model/types.ts';
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
