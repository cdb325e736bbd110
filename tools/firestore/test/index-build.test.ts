// A value index is built in slices while the engine answers other work: until it is built the
// queries read without it, and writes and deletes made during the build leave it exactly what
// a build over the final documents gives (each write to a document the build has not read yet
// is left to the build; every other write is applied at once).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../src/engine.ts';
import { exportProject, importProject } from '../src/persist/persistence.ts';
import { Database, MAX_VALUE_INDEXES } from '../src/storage/store.ts';
import type { StoredDoc, StructuredQuery, Value } from '../src/model/types.ts';
import { random } from './helpers.ts';

const str = (s: string): Value => ({ stringValue: s, valueType: 'stringValue' });
const arr = (values: Value[]): Value => ({ arrayValue: { values }, valueType: 'arrayValue' });
const WORDS = Array.from({ length: 40 }, (_, i) => `w${i}`);
const turn = () => new Promise((resolve) => setImmediate(resolve));

function version(key: string, tags: string[]): StoredDoc {
  return { name: key, key, fields: { tags: arr(tags.map(str)) }, createTime: 0, updateTime: 0 };
}

/** A version as the server stores it, named in full (as an export writes it). */
function stored(db: Database, key: string, tags: string[]): StoredDoc {
  return { ...version(key, tags), name: db.nameOf(key), createTime: 1, updateTime: 1 };
}

describe('a value index built in slices', () => {
  it('answers only once built, and then as a build over the documents as they ended', async () => {
    const db = new Database('projects/p/databases/(default)');
    db.valueIndexBuild = { ms: Infinity, docs: 100, queryShare: Infinity };
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
    db.valueIndexBuild = { ms: Infinity, docs: 10, queryShare: Infinity };
    for (let i = 0; i < 200; i++) db.put(`c/d${i}`, version(`c/d${i}`, ['a']));
    expect(db.valueIndex('', 'c', ['tags'])).toBeUndefined();
    // More indexes of the collection than are kept: the first is dropped, unfinished.
    for (let k = 0; k < MAX_VALUE_INDEXES; k++) db.valueIndex('', 'c', [`f${k}`]);
    for (let t = 0; t < 40; t++) await turn();
    // Asked again, it builds anew and answers once built.
    expect(db.valueIndex('', 'c', ['tags'])).toBeUndefined();
    for (let t = 0; t < 40; t++) await turn();
    expect(db.valueIndex('', 'c', ['tags'])!.count([str('a')])).toBe(200);
  });
});

describe('the value indexes of one collection', () => {
  it('are each built once while queries take turns on seven fields, as on the send queue', async () => {
    const db = new Database('projects/p/databases/(default)');
    db.valueIndexBuild = { ms: Infinity, docs: 1_000, queryShare: Infinity };
    const fields = ['broadcastId', 'state', 'status', 'replied', 'optedOutAfter', 'to', 'ids'];
    for (let i = 0; i < 500; i++) {
      const key = `q/d${i}`;
      const values = Object.fromEntries(fields.map((f) => [f, str(`${f}${i % 5}`)]));
      db.put(key, { name: key, key, fields: values, createTime: 0, updateTime: 0 });
    }
    for (const f of fields) db.valueIndex('', 'q', [f]);
    await turn();
    const built = fields.map((f) => db.valueIndex('', 'q', [f]));
    // Round after round, each field's query finds the same index, built and ready.
    for (let round = 0; round < 3; round++) {
      fields.forEach((f, k) => {
        const index = db.valueIndex('', 'q', [f]);
        expect(index, f).toBe(built[k]);
        expect(index!.count([str(`${f}3`)])).toBe(100);
      });
    }
  });
});

describe('a value index under a stream of queries', () => {
  it('is built by the queries that ask for it: ready after queryShare of them', async () => {
    const engine = new Engine();
    const db = engine.database('projects/p/databases/(default)');
    // The slices between queries read one document each: the queries must do the rest.
    db.valueIndexBuild = { ms: Infinity, docs: 1, queryShare: 8 };
    for (let i = 0; i < 4_000; i++) db.put(`c/d${i}`, version(`c/d${i}`, [`k${i % 100}`, 'all']));
    const query: StructuredQuery = {
      from: [{ collectionId: 'c' }],
      where: {
        fieldFilter: { field: { fieldPath: 'tags' }, op: 'ARRAY_CONTAINS', value: str('k7') },
      },
      orderBy: [{ field: { fieldPath: '__name__' }, direction: 'DESCENDING' }],
      limit: { value: 10 },
    };
    const want = [...Array(40).keys()]
      .map((k) => `c/d${7 + 100 * k}`)
      .sort()
      .reverse();
    // Whether it is built, without asking for it (which would build a share).
    const built = () => db.collection('c')!.valueIndexes.get('["tags"]')?.ready;
    let queries = 0;
    while (!built()) {
      const found = engine.runQuery(db, db.documentsPrefix, query, {});
      expect(found.map((d) => d.key)).toEqual(want.slice(0, 10));
      queries++;
      await turn();
    }
    // Each query reads an eighth of the collection into the index (the slices between them
    // added a document each).
    expect(queries).toBe(8);
    expect(db.valueIndex('', 'c', ['tags'])!.count([str('k7')])).toBe(40);
  });
  it('builds one share a call, however often its query asks', async () => {
    const db = new Database('projects/p/databases/(default)');
    db.valueIndexBuild = { ms: Infinity, docs: 1, queryShare: 2 };
    for (let i = 0; i < 1_000; i++) db.put(`c/d${i}`, version(`c/d${i}`, ['a']));
    // One call: its lookups ask twice (the candidates, then the walk's test).
    expect(db.valueIndex('', 'c', ['tags'])).toBeUndefined();
    expect(db.valueIndex('', 'c', ['tags'])).toBeUndefined();
    await turn();
    // The next call: its share and the slice's document between them complete it.
    expect(db.valueIndex('', 'c', ['tags'])!.count([str('a')])).toBe(1_000);
  });
});

describe('the value indexes queries asked for', () => {
  const folders: string[] = [];
  afterEach(async () => {
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });

  it('are kept with a snapshot and built by the import, so the first query finds them', async () => {
    const engine = new Engine();
    const db = engine.database('projects/p/databases/(default)');
    for (let i = 0; i < 500; i++) db.put(`c/d${i}`, stored(db, `c/d${i}`, [`k${i % 10}`]));
    db.put('other/x', stored(db, 'other/x', ['k1']));
    while (!db.valueIndex('', 'c', ['tags'])) await turn();
    const folder = await mkdtemp(join(tmpdir(), 'asked-indexes-'));
    folders.push(folder);
    await exportProject(engine, 'p', folder);
    const metadata = JSON.parse(await readFile(join(folder, 'metadata.json'), 'utf8')) as {
      databases: { valueIndexes: unknown }[];
    };
    expect(metadata.databases[0].valueIndexes).toEqual([{ collection: 'c', field: ['tags'] }]);

    // A restart: a new engine loads the snapshot. No share of a query may build it here.
    const restarted = new Engine();
    await importProject(restarted, 'p', folder);
    const loaded = restarted.database('projects/p/databases/(default)');
    loaded.valueIndexBuild = { ms: 20, docs: Infinity, queryShare: Infinity };
    const index = loaded.valueIndex('', 'c', ['tags']);
    expect([...index!.docs([str('k3')])].map((d) => d.key).sort()).toEqual(
      [...Array(50).keys()].map((k) => `c/d${3 + 10 * k}`).sort(),
    );
    // Only what was asked for.
    expect(loaded.askedValueIndexes()).toEqual([{ collection: 'c', field: ['tags'] }]);

    // An import into the running engine clears the data but not what queries asked for.
    db.valueIndexBuild = { ms: 20, docs: Infinity, queryShare: Infinity };
    await importProject(engine, 'p', folder);
    expect(db.valueIndex('', 'c', ['tags'])!.count([str('k3')])).toBe(50);
  });
});
