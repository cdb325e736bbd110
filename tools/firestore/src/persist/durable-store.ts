import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ChangeSink, Engine } from '../engine.ts';
import { Journal, readJournal } from './journal.ts';
import type { DocChange } from '../listen.ts';
import {
  docFromRest,
  docToRest,
  exportFiles,
  exportProject,
  importProject,
  type ChangedSince,
  type RestDoc,
} from './persistence.ts';
import type { AskedOrder, AskedValueIndex, AskedValues, Database } from '../storage/store.ts';
import { SharedStrings } from '../model/shared-strings.ts';

/** Where what the journal holds beyond the snapshot is noted: a document's key, a cleared database. */
interface ChangeMarks {
  changed(dbPath: string, key: string): void;
  cleared(dbPath: string): void;
}

/** What queries asked the database to keep: a restart builds it before it answers. */
interface Asks {
  valueIndexes: AskedValueIndex[];
  orders: AskedOrder[];
  askedValues?: AskedValues[];
}

/**
 * One line of the journal: a commit's documents after it (no `doc`: deleted), a clear, or the
 * kept orders and value indexes queries asked for, once they gained one.
 */
interface JournalRecord {
  db: string;
  docs?: { key: string; doc?: RestDoc }[];
  clear?: true;
  asks?: Asks;
}

export interface DurableStoreOptions {
  /**
   * The journal is folded into a new snapshot once it has grown past this many bytes, or past
   * SNAPSHOT_SHARE of the snapshot if that is more.
   */
  compactAfterBytes?: number;
  log?: (line: string) => void;
  /**
   * A journal write failed: memory now holds a change the disk may not, and the commit was
   * not acknowledged. The server should stop; a restart rebuilds memory from the disk.
   */
  onFailure: (err: Error) => void;
}

export interface DurableStore {
  /** Documents read back from the folder at start (snapshot and journal). */
  restored: { snapshot: number; journaled: number };
  /** Folds the journal into a new snapshot (`whole`: every document written anew). */
  compact(whole?: boolean): Promise<void>;
  /** A last snapshot, then the journal is closed. */
  close(): Promise<void>;
}

/**
 * A compaction rewrites the whole snapshot: for a large one (gigabytes at 800,000 documents)
 * every 64 MB of journal kept the server busy exporting through every large import, slow to
 * answer anything else. Replaying a journal of a quarter of the snapshot at a start costs
 * about a quarter of loading the snapshot.
 */
const SNAPSHOT_SHARE = 0.25;

const SEGMENT = /^journal-(\d+)\.jsonl$/;
const segmentName = (n: number) => `journal-${String(n).padStart(8, '0')}.jsonl`;

/** The bytes of the snapshot in `dir` (its databases' files); 0 when there is none. */
async function snapshotBytes(dir: string): Promise<number> {
  const metadataFile = path.join(dir, 'metadata.json');
  if (!existsSync(metadataFile)) return 0;
  const { databases } = JSON.parse(await readFile(metadataFile, 'utf8')) as {
    databases: { file: string }[];
  };
  const sizes = await Promise.all(databases.map((d) => stat(path.join(dir, d.file))));
  return sizes.reduce((n, s) => n + s.size, 0);
}

async function segmentsIn(dir: string): Promise<{ n: number; file: string }[]> {
  const names = await readdir(dir);
  return names
    .map((name) => ({ m: SEGMENT.exec(name), name }))
    .filter((s) => s.m)
    .map((s) => ({ n: Number(s.m![1]), file: path.join(dir, s.name) }))
    .sort((a, b) => a.n - b.n);
}

/**
 * Keeps one project's data in `dir` so that no acknowledged write is lost, whatever kills the
 * process: a snapshot in the export format (metadata.json and a .jsonl per database) and a
 * journal of every commit since, in segments. Each commit's documents, as they are after it,
 * are on disk (fdatasync) before the commit is answered. A start loads the snapshot and
 * replays the journal; replaying after-images is idempotent, so a crash at any point of a
 * compaction (new segment, new snapshot, old segments removed) replays to the same state.
 */
export async function openDurableStore(
  engine: Engine,
  project: string,
  dir: string,
  options: DurableStoreOptions,
): Promise<DurableStore> {
  const log = options.log ?? (() => {});
  const compactAfterBytes = options.compactAfterBytes ?? 64 * 1024 * 1024;
  await mkdir(dir, { recursive: true });

  const restored = { snapshot: 0, journaled: 0 };
  if (existsSync(path.join(dir, 'metadata.json')))
    restored.snapshot = await importProject(engine, project, dir);
  // What the next snapshot must write anew: everything else is carried over from this one.
  let changedSince: ChangedSince = new Map();
  const marks: ChangeMarks = {
    changed(dbPath, key) {
      const keys = changedSince.get(dbPath) ?? new Set<string>();
      if (keys === 'all') return;
      keys.add(key);
      changedSince.set(dbPath, keys);
    },
    cleared: (dbPath) => void changedSince.set(dbPath, 'all'),
  };
  const segments = await segmentsIn(dir);
  const asked = new Map<Database, Asks>();
  for (const { file } of segments) restored.journaled += await replay(engine, file, marks, asked);
  // Asked after the snapshot was written: built now, as the snapshot's own asks were.
  for (const [db, asks] of asked) await db.prepareAsked(asks);
  /** The next snapshot is written whole: a compaction failed, and what it was to write is lost. */
  let rewriteAll = false;
  /**
   * During an import through the control call, and until the snapshot after it: what was
   * committed since it began (cleared, or the keys written), per database path. That snapshot
   * writes only those documents anew and copies the import's files for the rest: the documents
   * it loaded are the lines of those files.
   */
  let sinceImport: ChangedSince | undefined;

  // Always a new segment: the last one may end in a torn line that nothing may follow.
  let segment = (segments.at(-1)?.n ?? 0) + 1;
  let journal = await Journal.open(path.join(dir, segmentName(segment)), options.onFailure);
  let compacting: Promise<void> | undefined;
  let snapshotSize = await snapshotBytes(dir);

  const ours = (db: Database) => db.path.startsWith(`projects/${project}/`);

  /**
   * A snapshot of everything, or (`imported`: the files of an import, by database path) of
   * what changed since the import began, the rest copied from its files.
   */
  const compact = (whole = false, imported?: Map<string, string>): Promise<void> =>
    (compacting ??= (async () => {
      const previous = journal;
      segment += 1;
      journal = await Journal.open(path.join(dir, segmentName(segment)), options.onFailure);
      // Taken with the switch: what commits in the new segment change is the next one's.
      let changed = whole || rewriteAll ? undefined : changedSince;
      if (imported && sinceImport && !rewriteAll) {
        changed = new Map(sinceImport);
        for (const dbPath of imported.keys())
          if (!changed.has(dbPath)) changed.set(dbPath, new Set());
        // The databases the import did not name carry over from the last snapshot, as always.
        for (const [dbPath, keys] of changedSince)
          if (!imported.has(dbPath)) changed.set(dbPath, keys);
      }
      changedSince = new Map();
      sinceImport = undefined;
      rewriteAll = false;
      await previous.close();
      // Commits keep landing in the new segment while the snapshot is written: the snapshot
      // holds each document as of some moment after the switch, and the new segment replays
      // whatever came later.
      const meta = await exportProject(engine, project, dir, changed, imported).catch(
        (err: unknown) => {
          // What it was to write anew is no longer tracked: the next one writes everything.
          rewriteAll = true;
          throw err;
        },
      );
      for (const old of await segmentsIn(dir)) if (old.n < segment) await rm(old.file);
      snapshotSize = await snapshotBytes(dir);
      const documents = meta.databases.reduce((n, d) => n + d.documents, 0);
      log(`snapshot of ${documents} documents written; journal restarted`);
    })().finally(() => (compacting = undefined)));

  const maybeCompact = () => {
    const threshold = Math.max(compactAfterBytes, snapshotSize * SNAPSHOT_SHARE);
    if (journal.bytes < threshold || compacting) return;
    compact().catch((err: unknown) => log(`compaction failed (the journal is kept): ${err}`));
  };

  const sink: ChangeSink = {
    committed(db: Database, changes: DocChange[]) {
      if (!ours(db)) return Promise.resolve();
      for (const c of changes) marks.changed(db.path, c.key);
      if (sinceImport) noteChanged(sinceImport, db.path, changes);
      const record: JournalRecord = {
        db: db.path,
        docs: changes.map((c) =>
          c.after ? { key: c.key, doc: docToRest(c.after) } : { key: c.key },
        ),
      };
      const written = journal.append(record);
      void written.then(maybeCompact, () => {});
      return written;
    },
    cleared(db: Database) {
      if (!ours(db)) return Promise.resolve();
      marks.cleared(db.path);
      sinceImport?.set(db.path, 'all');
      return journal.append({ db: db.path, clear: true } satisfies JournalRecord);
    },
    asked(db: Database) {
      if (!ours(db)) return;
      const asks: Asks = {
        valueIndexes: db.askedValueIndexes(),
        orders: db.askedOrders(),
        askedValues: db.askedValues(),
      };
      // Only speed depends on it: a failed append is the journal's failure, reported there.
      journal.append({ db: db.path, asks } satisfies JournalRecord).catch(() => {});
    },
    replacing(which: string) {
      if (which === project) sinceImport = new Map();
    },
    async replaced(which: string, folder: string) {
      if (which !== project) return;
      // One that ran during the import may have carried over documents the import replaced.
      while (compacting) await compacting.catch(() => {});
      // Its folder gone or changed meanwhile: every document is written anew instead.
      const imported = await exportFiles(project, folder).catch(() => undefined);
      await compact(true, imported);
    },
  };
  engine.changeSink = sink;

  return {
    restored,
    compact,
    async close() {
      while (compacting) await compacting;
      await compact();
      engine.changeSink = undefined;
      await journal.close();
    },
  };
}

/** Notes the keys a commit wrote in `changed`, unless their database was cleared since. */
function noteChanged(changed: ChangedSince, dbPath: string, changes: DocChange[]): void {
  let keys = changed.get(dbPath);
  if (keys === 'all') return;
  if (!keys) changed.set(dbPath, (keys = new Set()));
  for (const c of changes) keys.add(c.key);
}

/**
 * Applies a journal segment's records to the engine, telling `seen` what they change (the
 * snapshot does not hold it); returns the documents it touched.
 */
async function replay(
  engine: Engine,
  file: string,
  seen: ChangeMarks,
  asked: Map<Database, Asks>,
): Promise<number> {
  let count = 0;
  // Live for this replay only: what stays shared is what the documents hold.
  const strings = new SharedStrings();
  for await (const record of readJournal<JournalRecord>(file)) {
    const db = engine.database(record.db);
    if (record.asks) asked.set(db, record.asks);
    if (record.clear) {
      engine.forget(db);
      seen.cleared(db.path);
    }
    for (const { key, doc } of record.docs ?? []) {
      seen.changed(db.path, key);
      const stored = doc && docFromRest(db, doc, strings);
      db.put(key, stored);
      if (stored) db.advanceClock(stored.updateTime);
      count++;
    }
  }
  return count;
}
