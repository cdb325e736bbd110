// When the durable store folds its journal into a new snapshot: past --compact-after-bytes, or
// past a quarter of the snapshot when that is more, so a large snapshot is not rewritten for
// every few megabytes of writes.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDurableStore } from '../src/persist/durable-store.ts';
import { Engine } from '../src/engine.ts';
import type { Write } from '../src/model/types.ts';

const PROJECT = 'compaction-share';
const folders: string[] = [];
afterEach(async () => {
  for (const f of folders.splice(0)) await rm(f, { recursive: true, force: true });
});

const segments = async (dir: string) =>
  (await readdir(dir)).filter((name) => name.startsWith('journal-')).length;

/** Commits one document of about `bytes` bytes. */
async function writeDoc(engine: Engine, id: string, bytes: number): Promise<void> {
  const db = engine.database(`projects/${PROJECT}/databases/(default)`);
  const write: Write = {
    update: {
      name: `${db.documentsPrefix}/c/${id}`,
      fields: { text: { stringValue: 'x'.repeat(bytes), valueType: 'stringValue' } },
    },
  };
  await engine.commit(db, [write], undefined);
}

it('waits for a quarter of a large snapshot before compacting, and for the threshold of a small one', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'compaction-share-'));
  folders.push(dir);
  const engine = new Engine();
  const options = {
    compactAfterBytes: 10_000,
    onFailure: (err: Error) => expect(err).toBeUndefined(),
  };
  let store = await openDurableStore(engine, PROJECT, dir, options);
  // An empty snapshot: the threshold decides (one segment after, the new one).
  for (let i = 0; i < 3; i++) await writeDoc(engine, `small${i}`, 5_000);
  await store.compact(); // settles a compaction the writes may have started
  expect(await segments(dir)).toBe(1);
  // A snapshot of about 400 KB: 40 KB of journal is more than the threshold, less than a quarter.
  for (let i = 0; i < 40; i++) await writeDoc(engine, `big${i}`, 10_000);
  await store.compact();
  await store.close();
  store = await openDurableStore(engine, PROJECT, dir, options);
  const before = await segments(dir);
  for (let i = 0; i < 4; i++) await writeDoc(engine, `more${i}`, 10_000);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await segments(dir)).toBe(before);
  // Past a quarter of the snapshot: folded in (the old segments are removed).
  for (let i = 0; i < 8; i++) await writeDoc(engine, `most${i}`, 10_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await segments(dir)).toBe(1);
  await store.close();
});
