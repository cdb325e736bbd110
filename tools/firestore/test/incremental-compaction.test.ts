// A compaction carries over the previous snapshot's lines of the documents no commit touched
// since, and writes anew only what changed: updates, creates, deletes, clears, what a start
// replayed from the journal, and everything after a compaction that failed.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDurableStore, type DurableStore } from '../src/persist/durable-store.ts';
import { importProject } from '../src/persist/persistence.ts';
import { Engine } from '../src/engine.ts';
import type { Database } from '../src/storage/store.ts';
import type { Write } from '../src/model/types.ts';

const PROJECT = 'incremental';
const folders: string[] = [];
afterEach(async () => {
  for (const f of folders.splice(0)) await rm(f, { recursive: true, force: true });
});

const options = {
  // Only the test compacts.
  compactAfterBytes: 1e12,
  onFailure: (err: Error) => expect(err).toBeUndefined(),
};

async function open(dir: string): Promise<{ engine: Engine; db: Database; store: DurableStore }> {
  const engine = new Engine();
  const store = await openDurableStore(engine, PROJECT, dir, options);
  return { engine, db: engine.database(`projects/${PROJECT}/databases/(default)`), store };
}

const name = (db: Database, id: string) => `${db.documentsPrefix}/c/${id}`;

async function put(engine: Engine, db: Database, id: string, text: string): Promise<void> {
  const write: Write = {
    update: {
      name: name(db, id),
      fields: { text: { stringValue: text, valueType: 'stringValue' } },
    },
  };
  await engine.commit(db, [write], undefined);
}

async function remove(engine: Engine, db: Database, id: string): Promise<void> {
  await engine.commit(db, [{ delete: name(db, id) }], undefined);
}

const snapshotFile = (dir: string) => path.join(dir, '(default).jsonl');

/** The snapshot's documents: id -> text, as the file holds them. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const lines = (await readFile(snapshotFile(dir), 'utf8')).split('\n').filter(Boolean);
  return Object.fromEntries(
    lines.map((line) => {
      const doc = JSON.parse(line) as { name: string; fields: { text: { stringValue: string } } };
      return [doc.name.split('/').at(-1), doc.fields.text.stringValue];
    }),
  );
}

/** What a start from the folder holds: id -> text. */
async function restored(dir: string): Promise<Record<string, string>> {
  const { db, store } = await open(dir);
  const docs = Object.fromEntries(
    [...db.all()].map((d) => [d.key.split('/').at(-1), d.fields.text.stringValue as string]),
  );
  await store.close();
  return docs;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'incremental-compaction-'));
  folders.push(dir);
  return dir;
}

it('carries unchanged documents over as they are and writes the changed ones anew', async () => {
  const dir = await tempDir();
  const { engine, db, store } = await open(dir);
  for (const id of ['a', 'b', 'c', 'd']) await put(engine, db, id, `${id}0`);
  await store.compact();
  expect(await snapshot(dir)).toEqual({ a: 'a0', b: 'b0', c: 'c0', d: 'd0' });

  // A carried line is copied, not serialised again: a mark put into the file stays.
  const file = await readFile(snapshotFile(dir), 'utf8');
  await writeFile(snapshotFile(dir), file.replace('"b0"', '"b0 carried"'));

  await put(engine, db, 'a', 'a1');
  await remove(engine, db, 'c');
  await put(engine, db, 'e', 'e0');
  await store.compact();
  expect(await snapshot(dir)).toEqual({ a: 'a1', b: 'b0 carried', d: 'd0', e: 'e0' });

  await store.close();
  expect(await restored(dir)).toEqual({ a: 'a1', b: 'b0 carried', d: 'd0', e: 'e0' });
});

it('writes a cleared database anew, without the documents it had', async () => {
  const dir = await tempDir();
  const { engine, db, store } = await open(dir);
  for (const id of ['a', 'b']) await put(engine, db, id, `${id}0`);
  await store.compact();
  await engine.clear(db);
  await put(engine, db, 'f', 'f0');
  await store.compact();
  expect(await snapshot(dir)).toEqual({ f: 'f0' });
  await store.close();
});

it('writes anew what a start replayed from the journal', async () => {
  const dir = await tempDir();
  const first = await open(dir);
  for (const id of ['a', 'b']) await put(first.engine, first.db, id, `${id}0`);
  await first.store.compact();
  // Journaled, never folded in: the process stops without a clean close.
  await put(first.engine, first.db, 'a', 'a1');
  await remove(first.engine, first.db, 'b');
  await put(first.engine, first.db, 'g', 'g0');

  const second = await open(dir);
  await second.store.compact();
  expect(await snapshot(dir)).toEqual({ a: 'a1', g: 'g0' });
  await second.store.close();
});

it('writes everything anew after a compaction that failed', async () => {
  const dir = await tempDir();
  const { engine, db, store } = await open(dir);
  for (const id of ['a', 'b']) await put(engine, db, id, `${id}0`);
  await store.compact();
  const before = await readFile(snapshotFile(dir), 'utf8');

  await put(engine, db, 'a', 'a1');
  // The snapshot cannot be read: this compaction fails, and with it what it knew had changed.
  await rm(snapshotFile(dir));
  await mkdir(snapshotFile(dir));
  await expect(store.compact()).rejects.toThrow();
  // Put back as it was: carrying its lines over now would bring back a0.
  await rm(snapshotFile(dir), { recursive: true });
  await writeFile(snapshotFile(dir), before);
  await store.compact();
  expect(await snapshot(dir)).toEqual({ a: 'a1', b: 'b0' });
  await store.close();
});

/** An export folder elsewhere holding `text` as its (default) database's file. */
async function exportFolder(text: string, documents: number): Promise<string> {
  const folder = await tempDir();
  await writeFile(path.join(folder, 'data.jsonl'), text);
  await writeFile(
    path.join(folder, 'metadata.json'),
    JSON.stringify({
      format: 'embedded-firestore-export/v1',
      project: PROJECT,
      exportedAt: '2026-01-01T00:00:00Z',
      databases: [{ id: '(default)', file: 'data.jsonl', documents }],
    }),
  );
  return folder;
}

const restLine = (db: Database, id: string, text: string) =>
  JSON.stringify({
    name: name(db, id),
    fields: { text: { stringValue: text } },
    createTime: '2026-01-01T00:00:00Z',
    updateTime: '2026-01-01T00:00:00Z',
  });

const snapshotDocuments = async (dir: string) =>
  (
    JSON.parse(await readFile(path.join(dir, 'metadata.json'), 'utf8')) as {
      databases: { documents: number }[];
    }
  ).databases[0].documents;

it('carries the file of an import into the snapshot after it, writing anew only what was committed since', async () => {
  const dir = await tempDir();
  const { engine, db, store } = await open(dir);
  await put(engine, db, 'old', 'old0');
  await store.compact();

  // An export written elsewhere (as the bench's generator writes one), its times without nanos:
  // a line serialised again would have them.
  const lines = [restLine(db, 'a', 'a0'), restLine(db, 'b', 'b0'), restLine(db, 'c', 'c0')];
  const folder = await exportFolder(`${lines.join('\n')}\n`, 3);

  // As the control call does; commits land before the snapshot is taken.
  engine.changeSink!.replacing(PROJECT);
  await importProject(engine, PROJECT, folder);
  await put(engine, db, 'a', 'a1');
  await remove(engine, db, 'c');
  await put(engine, db, 'e', 'e0');
  await engine.changeSink!.replaced(PROJECT, folder);

  const file = await readFile(snapshotFile(dir), 'utf8');
  expect(file.startsWith(`${lines[1]}\n`)).toBe(true);
  expect(await snapshot(dir)).toEqual({ a: 'a1', b: 'b0', e: 'e0' });
  await store.close();
  expect(await restored(dir)).toEqual({ a: 'a1', b: 'b0', e: 'e0' });
});

it('keeps the file of an import nothing changed since as the snapshot, under a second name', async () => {
  const dir = await tempDir();
  const { engine, db, store } = await open(dir);
  const folder = await exportFolder(
    `${restLine(db, 'a', 'a0')}\n\n${restLine(db, 'b', 'b0')}\n`,
    2,
  );
  engine.changeSink!.replacing(PROJECT);
  await importProject(engine, PROJECT, folder);
  await engine.changeSink!.replaced(PROJECT, folder);

  const imported = await stat(path.join(folder, 'data.jsonl'));
  const kept = await stat(snapshotFile(dir));
  expect(kept.ino).toBe(imported.ino);
  expect(kept.nlink).toBe(2);
  expect(await snapshotDocuments(dir)).toBe(2);

  // Later compactions write a new file: the import's folder keeps its lines.
  await put(engine, db, 'a', 'a1');
  await store.compact();
  expect((await stat(snapshotFile(dir))).ino).not.toBe(imported.ino);
  expect(await readFile(path.join(folder, 'data.jsonl'), 'utf8')).toContain('"a0"');
  await store.close();
  await rm(folder, { recursive: true });
  expect(await restored(dir)).toEqual({ a: 'a1', b: 'b0' });
});

it('copies an imported file whose last line has no end, giving it one', async () => {
  const dir = await tempDir();
  const { engine, db, store } = await open(dir);
  const folder = await exportFolder(`${restLine(db, 'a', 'a0')}\n${restLine(db, 'b', 'b0')}`, 2);
  engine.changeSink!.replacing(PROJECT);
  await importProject(engine, PROJECT, folder);
  await engine.changeSink!.replaced(PROJECT, folder);

  expect((await stat(snapshotFile(dir))).ino).not.toBe(
    (await stat(path.join(folder, 'data.jsonl'))).ino,
  );
  expect(await readFile(snapshotFile(dir), 'utf8')).toBe(
    `${restLine(db, 'a', 'a0')}\n${restLine(db, 'b', 'b0')}\n`,
  );
  expect(await snapshotDocuments(dir)).toBe(2);
  await store.close();
  expect(await restored(dir)).toEqual({ a: 'a0', b: 'b0' });
});

it('copies a database that changed in nothing as it is', async () => {
  const dir = await tempDir();
  const { engine, db, store } = await open(dir);
  for (const id of ['a', 'b']) await put(engine, db, id, `${id}0`);
  await store.compact();
  const file = await readFile(snapshotFile(dir), 'utf8');
  await writeFile(snapshotFile(dir), file.replace('"b0"', '"b0 carried"'));
  await store.compact();
  expect(await snapshot(dir)).toEqual({ a: 'a0', b: 'b0 carried' });
  await store.close();
});
