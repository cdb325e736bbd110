// The kept orders queries asked for are named in a snapshot and sorted by the import (or the
// start) that loads it, so the first page after a restart reads from its cursor instead of
// sorting the collection on the caller's time.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Engine } from '../src/engine.ts';
import { exportProject, importProject } from '../src/persist/persistence.ts';
import type { StoredDoc, StructuredQuery } from '../src/model/types.ts';
import { random } from './helpers.ts';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const newestFirst: StructuredQuery = {
  from: [{ collectionId: 'entries' }],
  orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' }],
  limit: { value: 5 },
};

it('are kept with a snapshot and sorted by the import, which the first page then reads', async () => {
  const engine = new Engine();
  const db = engine.database('projects/p/databases/(default)');
  const rnd = random(3);
  for (let i = 0; i < 300; i++) {
    const key = `entries/e${i}`;
    const seconds = String(1_700_000_000 + Math.floor(rnd() * 1_000_000));
    const doc: StoredDoc = {
      name: db.nameOf(key),
      key,
      fields: { createdAt: { timestampValue: { seconds, nanos: 0 }, valueType: 'timestampValue' } },
      createTime: 1,
      updateTime: 1,
    };
    db.put(key, doc);
  }
  const expected = engine.runQuery(db, db.documentsPrefix, newestFirst, {}).map((d) => d.key);
  const folder = await mkdtemp(join(tmpdir(), 'kept-orders-'));
  folders.push(folder);
  await exportProject(engine, 'p', folder);
  const metadata = JSON.parse(await readFile(join(folder, 'metadata.json'), 'utf8')) as {
    databases: { orders: unknown }[];
  };
  const order = {
    collection: 'entries',
    orderBy: [
      { path: ['createdAt'], desc: true },
      { path: null, desc: true },
    ],
  };
  expect(metadata.databases[0].orders).toEqual([order]);

  // A restart: a new engine loads the snapshot, and has the order sorted before any query.
  const restarted = new Engine();
  await importProject(restarted, 'p', folder);
  const loaded = restarted.database('projects/p/databases/(default)');
  const entries = loaded.collection('entries')!;
  expect([...entries.orderings.keys()]).toEqual(['["createdAt"]:desc|__name__:desc']);
  const kept = entries.orderings.get('["createdAt"]:desc|__name__:desc');
  const page = restarted.runQuery(loaded, loaded.documentsPrefix, newestFirst, {});
  expect(page.map((d) => d.key)).toEqual(expected);
  // The page read that order: no other was sorted for it.
  expect(entries.orderings.get('["createdAt"]:desc|__name__:desc')).toBe(kept);
  expect(loaded.askedOrders()).toEqual([order]);

  // An import into the running engine clears the data but not what queries asked for.
  await importProject(engine, 'p', folder);
  expect([...db.collection('entries')!.orderings.keys()]).toEqual([
    '["createdAt"]:desc|__name__:desc',
  ]);
});
