import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { appendFile, copyFile, link, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Engine } from '../engine.ts';
import type { AskedOrder, AskedValueIndex, AskedValues, Database } from '../storage/store.ts';
import type { StoredDoc } from '../model/types.ts';
import { syncFile, writeSynced } from './synced-files.ts';
import {
  fieldsFromRest,
  fieldsToRest,
  timestampFromRest,
  timestampToRest,
} from '../model/rest-json.ts';
import { RestLineReader } from '../model/rest-bytes.ts';
import { SharedStrings } from '../model/shared-strings.ts';
import { toTimestamp } from '../model/timestamps.ts';
import { relativeName, timestampMicros } from '../model/values.ts';

/**
 * Export format (documented in the README): a folder with `metadata.json` and, per database,
 * `<database id>.jsonl` holding one Firestore REST `Document` per line
 * (`{ name, fields, createTime, updateTime }`).
 */
export const FORMAT = 'embedded-firestore-export/v1';

interface Metadata {
  format: string;
  project: string;
  exportedAt: string;
  databases: {
    id: string;
    file: string;
    documents: number;
    /** The value indexes queries asked for: an import builds them (see importProject). */
    valueIndexes?: AskedValueIndex[];
    /** The kept orders queries asked for: an import sorts them (see importProject). */
    orders?: AskedOrder[];
    /** The values held for fields too large to index whole: an import finds them again. */
    askedValues?: AskedValues[];
    /**
     * The file is still being appended to (a generator writing it while the import runs): an
     * import reads its lines as they come, until metadata.json (replaced whole, by a rename) no
     * longer says so. Only an import follows a file; a snapshot is never written so.
     */
    appending?: boolean;
  }[];
}

/** A stored version as the export's line (a Firestore REST `Document`). */
export interface RestDoc {
  name: string;
  fields?: object;
  createTime: string;
  updateTime: string;
}

export function docToRest(doc: StoredDoc): RestDoc {
  return {
    name: doc.name,
    fields: fieldsToRest(doc.fields),
    createTime: timestampToRest(toTimestamp(doc.createTime)),
    updateTime: timestampToRest(toTimestamp(doc.updateTime)),
  };
}

export function docFromRest(db: Database, rest: RestDoc, strings: SharedStrings): StoredDoc {
  const key = relativeName(rest.name);
  return {
    name: db.nameOf(key),
    key,
    fields: fieldsFromRest(rest.fields ?? {}, strings),
    createTime: timestampMicros(timestampFromRest(rest.createTime)),
    updateTime: timestampMicros(timestampFromRest(rest.updateTime)),
  };
}

/**
 * What changed since a snapshot file (by default the one already in the export's folder), per
 * database path: the keys of the documents written (or deleted) since, or 'all' for a database
 * cleared since. A database not named changed in nothing.
 */
export type ChangedSince = Map<string, Set<string> | 'all'>;

/** A chunk of a snapshot file and its lines' byte ranges (start, end pairs). */
interface LineRanges {
  bytes: Buffer;
  ranges: number[];
}

/** The bytes a snapshot file is read by at a time (more while a line is longer). */
const READ_CHUNK = 1 << 20;
/** How often the end of a file still being appended to is looked at again. */
const APPEND_POLL_MS = 20;
/** A file still marked as being appended to that stops growing this long fails its import. */
const APPEND_STALL_MS = 120_000;

/**
 * The document lines of a snapshot's database file (one REST document a line), a chunk's worth
 * at a time, as byte ranges: a large snapshot has about a million lines, and a turn of an async
 * iteration per line added up. A line ends at a line feed, or a carriage return and a line feed.
 * Every chunk is read into the same buffer, so `bytes` holds only until the next step: a new
 * buffer a chunk would outlive young-generation collections while its lines are turned into
 * documents, and V8 starts a full collection of the whole heap (gigabytes, seconds) for every
 * 64 MB of buffers that reach the old generation. While `stillAppended` says the file is
 * being written (an import overlapping its generator), its end is read again until it says not.
 */
async function* snapshotLineRanges(
  file: string,
  stillAppended?: () => Promise<boolean>,
): AsyncGenerator<LineRanges> {
  const NEWLINE = 10;
  const RETURN = 13;
  const handle = await open(file, 'r');
  try {
    let buffer = Buffer.allocUnsafe(READ_CHUNK);
    // The start of a line the last chunk did not finish, at the buffer's start.
    let kept = 0;
    let grewAt = Date.now();
    for (;;) {
      if (kept === buffer.length) {
        const longer = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(longer, 0, 0, kept);
        buffer = longer;
      }
      const { bytesRead } = await handle.read(buffer, kept, buffer.length - kept, null);
      if (bytesRead === 0 && stillAppended) {
        if (!(await stillAppended())) {
          // Finished: what was appended since this read is read before the end.
          stillAppended = undefined;
        } else if (Date.now() - grewAt > APPEND_STALL_MS) {
          throw new Error(
            `${file} is still marked as being written, but has not grown for 2 minutes`,
          );
        } else {
          await new Promise((resolve) => setTimeout(resolve, APPEND_POLL_MS));
        }
        continue;
      }
      if (bytesRead === 0) break;
      grewAt = Date.now();
      const bytes = buffer.subarray(0, kept + bytesRead);
      const ranges: number[] = [];
      let start = 0;
      for (let end = bytes.indexOf(NEWLINE, kept); end >= 0; end = bytes.indexOf(NEWLINE, start)) {
        ranges.push(start, bytes[end - 1] === RETURN && end > start ? end - 1 : end);
        start = end + 1;
      }
      yield { bytes, ranges };
      bytes.copyWithin(0, start);
      kept = bytes.length - start;
    }
    if (kept > 0) yield { bytes: buffer.subarray(0, kept), ranges: [0, kept] };
  } finally {
    await handle.close();
  }
}

/**
 * The document lines of a snapshot's database file as strings. Each line is decoded on its own,
 * from bytes: one that is all ASCII becomes a one-byte string, whatever its neighbours hold.
 */
async function* snapshotLines(file: string): AsyncGenerator<string> {
  for await (const { bytes, ranges } of snapshotLineRanges(file)) {
    for (let i = 0; i < ranges.length; i += 2) {
      const line = bytes.toString('utf8', ranges[i], ranges[i + 1]);
      if (line.trim() !== '') yield line;
    }
  }
}

/** A line starts with its document's name (docToRest puts it first): no need to parse it all. */
const NAME_FIRST = /^\{"name":("(?:[^"\\]|\\.)*")/;

function keyOfLine(line: string): string {
  const quoted = NAME_FIRST.exec(line)?.[1];
  const name = quoted ? (JSON.parse(quoted) as string) : (JSON.parse(line) as RestDoc).name;
  return relativeName(name);
}

/**
 * The document lines of a snapshot file (a blank line holds none), counted as loads read them,
 * and whether its last line has its line end.
 */
async function countLines(file: string): Promise<{ lines: number; ended: boolean }> {
  let lines = 0;
  for await (const { ranges } of snapshotLineRanges(file)) {
    for (let i = 0; i < ranges.length; i += 2) if (ranges[i + 1] > ranges[i]) lines++;
  }
  return { lines, ended: await endsWithNewline(file) };
}

async function endsWithNewline(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return true;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    return last[0] === 10;
  } finally {
    await handle.close();
  }
}

/**
 * A database that changed in nothing since `source` was written keeps `source`'s lines: the
 * file itself when it is the snapshot's already, else the same file under the snapshot's name
 * (a hard link, no byte copied: a copy of a large snapshot through streams would hold the
 * import's answer for as long as it takes), or a copy where no link can be made (another file system, or a last
 * line without its end, which the copy gets so that the file ends as exports do). Snapshot
 * and export files are never written in place (each is written anew and renamed), so the two
 * names keep the same lines. Answers the file's document count.
 */
async function carryOver(source: string, target: string): Promise<number> {
  const { lines, ended } = await countLines(source);
  if (source === target) return lines;
  const tmp = `${target}.tmp`;
  await rm(tmp, { force: true });
  const linked =
    ended &&
    (await link(source, tmp).then(
      () => true,
      () => false,
    ));
  if (!linked) {
    await copyFile(source, tmp);
    if (!ended) await appendFile(tmp, '\n');
  }
  await syncFile(tmp);
  await rename(tmp, target);
  return lines;
}

/** Writes lines to `out`, waiting when its buffer is full; counts them. */
function lineWriter(out: WriteStream) {
  const writer = {
    lines: 0,
    async write(line: string): Promise<void> {
      writer.lines++;
      if (!out.write(`${line}\n`)) await once(out, 'drain');
    },
  };
  return writer;
}

/**
 * Writes one database's documents to `target` (a new file, renamed into place once flushed).
 * Given the previous snapshot's file and the keys
 * changed since, the lines of unchanged documents are copied from it as they are and only the
 * changed documents are serialised: serialising every document of a large database again was
 * most of a compaction's time, taken from the queries and commits it ran beside.
 */
async function writeDatabase(
  db: Database,
  target: string,
  previous?: { file: string; changed: Set<string> },
): Promise<number> {
  const tmp = `${target}.tmp`;
  const out = createWriteStream(tmp);
  const lines = await writeLines(db, out, previous).catch((err: unknown) => {
    out.destroy();
    throw err;
  });
  out.end();
  await once(out, 'finish');
  await syncFile(tmp);
  await rename(tmp, target);
  return lines;
}

async function writeLines(
  db: Database,
  out: WriteStream,
  previous?: { file: string; changed: Set<string> },
): Promise<number> {
  const writer = lineWriter(out);
  if (!previous) {
    for (const doc of db.all()) await writer.write(JSON.stringify(docToRest(doc)));
    return writer.lines;
  }
  for await (const line of snapshotLines(previous.file)) {
    if (!previous.changed.has(keyOfLine(line))) await writer.write(line);
  }
  for (const key of previous.changed) {
    const doc = db.get(key);
    if (doc) await writer.write(JSON.stringify(docToRest(doc)));
  }
  return writer.lines;
}

/**
 * Writes the project's data to `folder`. With `changed` (what changed since the snapshot
 * already there, or since the file `carriedFrom` names for a database), documents that did not
 * change are carried over from that file as they are: a database that changed in nothing keeps
 * that file (carryOver).
 */
export async function exportProject(
  engine: Engine,
  project: string,
  folder: string,
  changed?: ChangedSince,
  carriedFrom?: ReadonlyMap<string, string>,
): Promise<Metadata> {
  await mkdir(folder, { recursive: true });
  const metadata: Metadata = {
    format: FORMAT,
    project,
    exportedAt: new Date().toISOString(),
    databases: [],
  };
  for (const db of engine.databasesOf(project)) {
    const id = db.path.split('/')[3];
    const file = `${encodeURIComponent(id)}.jsonl`;
    const target = path.join(folder, file);
    const changedKeys = changed && (changed.get(db.path) ?? new Set<string>());
    const source = carriedFrom?.get(db.path) ?? target;
    const previous =
      changedKeys instanceof Set && existsSync(source)
        ? { file: source, changed: changedKeys }
        : undefined;
    const documents =
      previous?.changed.size === 0
        ? await carryOver(previous.file, target)
        : await writeDatabase(db, target, previous);
    metadata.databases.push({
      id,
      file,
      documents,
      valueIndexes: db.askedValueIndexes(),
      orders: db.askedOrders(),
      askedValues: db.askedValues(),
    });
  }
  const metadataFile = path.join(folder, 'metadata.json');
  await writeSynced(`${metadataFile}.tmp`, JSON.stringify(metadata, null, 2));
  await rename(`${metadataFile}.tmp`, metadataFile);
  return metadata;
}

async function readMetadata(folder: string): Promise<Metadata> {
  const metadata = JSON.parse(
    await readFile(path.join(folder, 'metadata.json'), 'utf8'),
  ) as Metadata;
  if (metadata.format !== FORMAT) throw new Error(`Unknown export format: ${metadata.format}`);
  return metadata;
}

/** The data files of an export folder, by the path of the database each holds. */
export async function exportFiles(project: string, folder: string): Promise<Map<string, string>> {
  const { databases } = await readMetadata(folder);
  return new Map(
    databases.map(({ id, file }) => [
      `projects/${project}/databases/${id}`,
      path.join(folder, file),
    ]),
  );
}

/**
 * Replaces the project's data with the export's, then sorts the kept orders, builds the value
 * indexes queries asked for (those the database held before, and those the export names) and
 * finds the documents of the values it names for fields too large to index whole, so that the
 * first queries after an import or a restart find them ready instead of each sorting or
 * scanning the collection.
 */
export async function importProject(
  engine: Engine,
  project: string,
  folder: string,
): Promise<number> {
  const metadata = await readMetadata(folder);
  let total = 0;
  for (const { id, file, appending, ...asks } of metadata.databases) {
    const db = engine.database(`projects/${project}/databases/${id}`);
    engine.forget(db);
    const stillAppended = async () =>
      (await readMetadata(folder)).databases.some((d) => d.id === id && d.appending === true);
    total += await loadDocuments(
      db,
      path.join(folder, file),
      appending ? stillAppended : undefined,
    );
    await db.prepareAsked(asks);
  }
  return total;
}

/**
 * Puts a snapshot file's documents into `db`; how many. Lines in the form exports write are
 * read from their bytes (RestLineReader); any other line is parsed and converted the general way.
 */
async function loadDocuments(
  db: Database,
  file: string,
  stillAppended?: () => Promise<boolean>,
): Promise<number> {
  let count = 0;
  let latest = 0;
  // Live for this load only: what stays shared is what the documents hold.
  const strings = new SharedStrings();
  const reader = new RestLineReader(strings, new SharedStrings());
  for await (const { bytes, ranges } of snapshotLineRanges(file, stillAppended)) {
    for (let i = 0; i < ranges.length; i += 2) {
      const read = reader.read(bytes, ranges[i], ranges[i + 1]);
      let doc: StoredDoc;
      if (read) {
        const key = relativeName(read.name);
        const { fields, createTime, updateTime } = read;
        doc = { name: db.nameOf(key), key, fields, createTime, updateTime };
      } else {
        const line = bytes.toString('utf8', ranges[i], ranges[i + 1]);
        if (line.trim() === '') continue;
        doc = docFromRest(db, JSON.parse(line) as RestDoc, strings);
      }
      latest = Math.max(latest, doc.updateTime);
      db.put(doc.key, doc);
      count++;
    }
  }
  db.advanceClock(latest);
  return count;
}
