// A field whose whole value index would not fit (the app's entries' search keys at the bench's
// large size): queries on it read the documents of the values they ask for, found in one read
// of the collection the first time and kept up to date by every write after it. Every answer
// equals a brute-force evaluation of what the test wrote, through creates, updates, deletes
// and the index's bounds; and a count or a page of a value asked before reads only its
// documents.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../src/engine.ts';
import { exportProject, importProject } from '../src/persist/persistence.ts';
import { AskedValuesIndex } from '../src/indexes/asked-values-index.ts';
import type { StoredDoc, StructuredQuery, Value } from '../src/model/types.ts';
import { random } from './helpers.ts';

const str = (s: string): Value => ({ stringValue: s, valueType: 'stringValue' });
const int = (n: number): Value => ({ integerValue: String(n), valueType: 'integerValue' });
const arr = (values: Value[]): Value => ({ arrayValue: { values }, valueType: 'arrayValue' });
const WORDS = Array.from({ length: 30 }, (_, i) => `w${i}`);
const DB = 'projects/p/databases/(default)';

function version(db: { nameOf(key: string): string }, key: string, tags: string[]): StoredDoc {
  const fields = { tags: arr(tags.map(str)), at: int(Number(key.slice(3))) };
  return { name: db.nameOf(key), key, fields, createTime: 1, updateTime: 1 };
}

/** The engine with a collection `c` whose `tags` index may hold only 50 pairs: it outgrows it. */
function setUp(docs: number, seed: number) {
  const engine = new Engine();
  const db = engine.database(DB);
  db.valueIndexPostings = 50;
  const rnd = random(seed);
  const model = new Map<string, string[]>();
  const write = (id: number, tags: string[] | undefined) => {
    const key = `c/d${id}`;
    db.put(key, tags && version(db, key, tags));
    if (tags) model.set(key, tags);
    else model.delete(key);
  };
  const tagsOf = () => WORDS.filter(() => rnd() < 0.15);
  for (let i = 0; i < docs; i++) write(i, tagsOf());
  return { engine, db, rnd, model, write, tagsOf };
}

const anyOf = (words: string[]): StructuredQuery['where'] => ({
  fieldFilter: {
    field: { fieldPath: 'tags' },
    op: 'ARRAY_CONTAINS_ANY',
    value: arr(words.map(str)),
  },
});

describe('the asked values of a field too large to index whole', () => {
  it('answers counts and pages as a read of every document would, through writes', () => {
    const { engine, db, rnd, model, write, tagsOf } = setUp(1_500, 7);
    const count = (words: string[]) =>
      engine.runAggregation(
        db,
        db.documentsPrefix,
        { from: [{ collectionId: 'c' }], where: anyOf(words) },
        [{ alias: 'n', count: {} }],
        {},
      ).n;
    const page = (words: string[]) =>
      engine
        .runQuery(
          db,
          db.documentsPrefix,
          {
            from: [{ collectionId: 'c' }],
            where: anyOf(words),
            orderBy: [{ field: { fieldPath: 'at' }, direction: 'DESCENDING' }],
            limit: { value: 20 },
          },
          {},
        )
        .map((d) => d.key);
    const want = (words: string[]) =>
      [...model]
        .filter(([, tags]) => tags.some((t) => words.includes(t)))
        .map(([key]) => key)
        .sort((a, b) => Number(b.slice(3)) - Number(a.slice(3)));

    // The whole index is tried first and outgrows its bound.
    for (let round = 0; round < 6; round++) {
      const words = [WORDS[Math.floor(rnd() * 30)], WORDS[Math.floor(rnd() * 30)], 'none'];
      expect(count(words), words.join()).toEqual({
        integerValue: String(want(words).length),
        valueType: 'integerValue',
      });
      expect(page(words), words.join()).toEqual(want(words).slice(0, 20));
      // Creates, updates (some tags in, some out), deletes and re-creates between the queries.
      for (let k = 0; k < 200; k++) {
        const id = Math.floor(rnd() * 1_800);
        write(id, rnd() < 0.2 ? undefined : tagsOf());
      }
    }
    expect(db.collection('c')!.unindexable.has('["tags"]')).toBe(true);
    expect(db.collection('c')!.askedValues.get('["tags"]')).toBeDefined();
  });

  it('reads the collection only for values not asked before, and keeps them through writes', () => {
    const slots = Array.from({ length: 200 }, (_, i) => ({
      doc: version({ nameOf: (k) => k }, `c/d${i}`, [`a${i % 10}`]) as StoredDoc | undefined,
    }));
    let reads = 0;
    const index = new AskedValuesIndex(['tags'], () => {
      reads++;
      return slots;
    });
    index.ask([str('a3'), str('a4')]);
    index.ask([str('a3')]);
    expect(reads).toBe(1);
    expect(index.count([str('a3')])).toBe(20);
    // d3 moves from a3 to a4 and b; d13 is deleted: no read, the answers follow.
    const moved = version({ nameOf: (k) => k }, 'c/d3', ['a4', 'b']);
    index.replace(slots[3], slots[3].doc, moved);
    slots[3].doc = moved;
    index.replace(slots[13], slots[13].doc, undefined);
    slots[13].doc = undefined;
    expect(index.count([str('a3')])).toBe(18);
    expect(index.holds(slots[3], [str('a4')])).toBe(true);
    expect([...index.docs([str('a3'), str('a4')])]).toHaveLength(39);
    expect(reads).toBe(1);
    // A value not held: one more read finds it as the documents are now.
    index.ask([str('a3'), str('b')]);
    expect(reads).toBe(2);
    expect(index.count([str('b')])).toBe(1);
  });

  it('finds values in one pass in slices between writes, however many calls ask meanwhile', async () => {
    const rnd = random(9);
    const tagsOf = () => ['a', 'b', 'c'].filter(() => rnd() < 0.4);
    const slots = Array.from({ length: 3_000 }, (_, i) => ({
      doc: version({ nameOf: (k) => k }, `c/d${i}`, tagsOf()) as StoredDoc | undefined,
    }));
    let reads = 0;
    // Slices of one step (256 documents) a turn: the pass spans a dozen turns.
    const bounds = { values: 256, postings: 4_000_000, sliceMs: 0 };
    const index = new AskedValuesIndex(
      ['tags'],
      () => {
        reads++;
        return slots;
      },
      bounds,
    );
    const write = (slot: (typeof slots)[number], tags: string[] | undefined) => {
      const after = tags && version({ nameOf: (k) => k }, slot.doc?.key ?? 'c/new', tags);
      index.replace(slot, slot.doc, after);
      slot.doc = after;
    };
    let pending = 0;
    const track = (asked: Promise<void>) => {
      pending++;
      void asked.then(() => pending--);
    };
    track(index.askInSlices([str('a')]));
    track(index.askInSlices([str('a')]));
    track(index.askInSlices([str('b'), str('a')]));
    let turns = 0;
    while (pending > 0) {
      // Writes behind the pass and ahead of it, deletes and new documents among them.
      for (let k = 0; k < 20; k++) {
        const i = Math.floor(rnd() * 3_100);
        if (i >= slots.length) slots.push({ doc: undefined });
        write(slots[Math.min(i, slots.length - 1)], rnd() < 0.2 ? undefined : tagsOf());
      }
      // A value asked in the middle of the pass: read from there, round to there.
      if (turns === 4) track(index.askInSlices([str('c')]));
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    expect(turns).toBeGreaterThan(14);
    // One pass for every value (the second 'a' waited for the first's).
    expect(reads).toBe(1);
    for (const tag of ['a', 'b', 'c']) {
      const want = slots.filter((s) => s.doc && JSON.stringify(s.doc.fields).includes(`"${tag}"`));
      expect(index.slots([str(tag)]), tag).toEqual(new Set(want));
    }
  });

  it('are kept with a snapshot and found again by the import, so searches after a restart find them held', async () => {
    const { engine, db, model } = setUp(600, 11);
    const count = (on: typeof db, words: string[]) =>
      engine.runAggregation(
        on,
        on.documentsPrefix,
        { from: [{ collectionId: 'c' }], where: anyOf(words) },
        [{ alias: 'n', count: {} }],
        {},
      ).n.integerValue;
    const want = (words: string[]) =>
      String([...model.values()].filter((tags) => tags.some((t) => words.includes(t))).length);
    // The whole index is tried first and outgrows its bound; then the asked values answer.
    const search = (words: string[]) =>
      engine.runQuery(
        db,
        db.documentsPrefix,
        { from: [{ collectionId: 'c' }], where: anyOf(words) },
        {},
      );
    while (!db.collection('c')!.unindexable.has('["tags"]')) {
      search(['w0']);
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const words of [['w1'], ['w2', 'w3'], ['w1']]) search(words);
    const folder = await mkdtemp(join(tmpdir(), 'asked-values-'));
    try {
      await exportProject(engine, 'p', folder);
      // A restart: a new engine loads the snapshot; no query has asked it for anything yet.
      const restarted = new Engine();
      await importProject(restarted, 'p', folder);
      const loaded = restarted.database(DB);
      const held = loaded.askedValues();
      expect(held.map((a) => [a.collection, a.field])).toEqual([['c', ['tags']]]);
      // Least recently asked first: the order the searches asked in.
      expect(held[0].values.map((v) => v.stringValue)).toEqual(['w0', 'w2', 'w3', 'w1']);
      expect(loaded.collection('c')!.unindexable.has('["tags"]')).toBe(true);
      for (const words of [['w1'], ['w2', 'w3'], ['w4']]) {
        expect(count(loaded, words), words.join()).toBe(want(words));
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps the latest asked values within its bounds', () => {
    const slots = Array.from({ length: 100 }, (_, i) => ({
      doc: version({ nameOf: (k) => k }, `c/d${i}`, [`a${i % 10}`, 'all']),
    }));
    const index = new AskedValuesIndex(['tags'], () => slots, {
      values: 3,
      postings: 115,
      sliceMs: 20,
    });
    index.ask([str('a1'), str('a2')]);
    index.ask([str('a3')]);
    expect(index.count([str('a1'), str('a2'), str('a3')])).toBe(30);
    // A fourth value: the least recently asked (a1) leaves.
    index.ask([str('a2'), str('a4')]);
    expect(index.count([str('a1')])).toBe(0);
    expect(index.count([str('a2'), str('a3'), str('a4')])).toBe(30);
    // 'all' holds 100 pairs: past 115 pairs, only the values of this ask are kept.
    index.ask([str('all'), str('a5')]);
    expect(index.count([str('all'), str('a5')])).toBe(110);
    expect(index.count([str('a2'), str('a3'), str('a4')])).toBe(0);
    // Values of other kinds meet as query equality has them meet.
    expect(index.count([int(1)])).toBe(0);
  });
});
