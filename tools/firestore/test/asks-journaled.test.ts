// What queries ask the engine to keep (a kept order, a value index, the documents of a searched
// value) is noted in the journal as soon as they first ask for it, so a restart builds or finds
// it before it answers even when the last snapshot was written before that first query (a large
// import's snapshot, then the searches).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Engine } from '../src/engine.ts';
import type { StructuredQuery, Value, Write } from '../src/model/types.ts';
import { openDurableStore } from '../src/persist/durable-store.ts';

const PROJECT = 'asks-journaled';
const DB = `projects/${PROJECT}/databases/(default)`;
const folders: string[] = [];
afterEach(async () => {
  for (const f of folders.splice(0)) await rm(f, { recursive: true, force: true });
});

const str = (s: string): Value => ({ stringValue: s, valueType: 'stringValue' });
const options = { onFailure: (err: Error) => expect(err).toBeUndefined() };
const newestFirst: StructuredQuery = {
  from: [{ collectionId: 'c' }],
  orderBy: [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' }],
  limit: { value: 3 },
};
const ORDER = '["n"]:desc|__name__:desc';

/** An engine keeping its data in a new folder, as a `--data` start does. */
async function durableEngine() {
  const dir = await mkdtemp(path.join(tmpdir(), 'asks-journaled-'));
  folders.push(dir);
  const engine = new Engine();
  const store = await openDurableStore(engine, PROJECT, dir, options);
  return { dir, store, engine, db: engine.database(DB) };
}

it('builds the orders and value indexes asked for after the last snapshot before a restart answers', async () => {
  const { dir, store, engine, db } = await durableEngine();
  const writes: Write[] = Array.from({ length: 300 }, (_, i) => ({
    update: {
      name: `${db.documentsPrefix}/c/d${i}`,
      fields: {
        n: { integerValue: String(i), valueType: 'integerValue' },
        tags: { arrayValue: { values: [str(`k${i % 10}`)] }, valueType: 'arrayValue' },
      },
    },
  }));
  await engine.commit(db, writes, undefined);
  // The snapshot is written before any query asks for anything.
  await store.compact();

  engine.runQuery(db, db.documentsPrefix, newestFirst, {});
  // A query on the array's values asks for its value index; its build goes on in slices.
  const tagged: StructuredQuery = {
    from: [{ collectionId: 'c' }],
    where: {
      fieldFilter: { field: { fieldPath: 'tags' }, op: 'ARRAY_CONTAINS', value: str('k3') },
    },
  };
  expect(engine.runQuery(db, db.documentsPrefix, tagged, {})).toHaveLength(30);
  expect(db.askedValueIndexes()).toEqual([{ collection: 'c', field: ['tags'] }]);
  // One more commit after the asks: the journal is appended in order, so once this is
  // acknowledged the asks are on disk too.
  await engine.commit(db, [{ delete: `${db.documentsPrefix}/c/d0` }], undefined);

  // A kill: nothing is closed or compacted. A new engine opens the same folder.
  const restarted = new Engine();
  await openDurableStore(restarted, PROJECT, dir, options);
  const loaded = restarted.database(DB);
  expect(loaded.askedOrders()).toEqual([
    {
      collection: 'c',
      orderBy: [
        { path: ['n'], desc: true },
        { path: null, desc: true },
      ],
    },
  ]);
  expect([...loaded.collection('c')!.orderings.keys()]).toEqual([ORDER]);
  // Built already: no query's share may build it here.
  loaded.valueIndexBuild = { ms: 20, docs: Infinity, queryShare: Infinity };
  const index = loaded.valueIndex('', 'c', ['tags']);
  expect(index?.ready).toBe(true);
  expect(index!.count([str('k0')])).toBe(29);
  expect(loaded.askedValueIndexes()).toEqual([{ collection: 'c', field: ['tags'] }]);
});

it('finds the values searched after the last snapshot, of a field too large to index whole, before a restart answers', async () => {
  const { dir, store, engine, db } = await durableEngine();
  // A whole index of `tags` may hold 50 pairs here: 300 documents outgrow it.
  db.valueIndexPostings = 50;
  const writes: Write[] = Array.from({ length: 300 }, (_, i) => ({
    update: {
      name: `${db.documentsPrefix}/c/d${i}`,
      fields: { tags: { arrayValue: { values: [str(`k${i % 10}`)] }, valueType: 'arrayValue' } },
    },
  }));
  await engine.commit(db, writes, undefined);
  await store.compact();
  const tagged = (tag: string): StructuredQuery => ({
    from: [{ collectionId: 'c' }],
    where: { fieldFilter: { field: { fieldPath: 'tags' }, op: 'ARRAY_CONTAINS', value: str(tag) } },
  });
  // The whole index is tried first and outgrows its bound; then the asked values answer.
  while (!db.collection('c')!.unindexable.has('["tags"]')) {
    engine.runQuery(db, db.documentsPrefix, tagged('k3'), {});
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(engine.runQuery(db, db.documentsPrefix, tagged('k3'), {})).toHaveLength(30);
  expect(engine.runQuery(db, db.documentsPrefix, tagged('k7'), {})).toHaveLength(30);
  await engine.commit(db, [{ delete: `${db.documentsPrefix}/c/d3` }], undefined);

  // A kill, then a new engine: both words held before any query asks.
  const restarted = new Engine();
  await openDurableStore(restarted, PROJECT, dir, options);
  const loaded = restarted.database(DB);
  const held = loaded.askedValues();
  expect(held.map((a) => [a.collection, a.field, a.values.map((v) => v.stringValue)])).toEqual([
    ['c', ['tags'], ['k3', 'k7']],
  ]);
  expect(restarted.runQuery(loaded, loaded.documentsPrefix, tagged('k3'), {})).toHaveLength(29);
});
