import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Journal, readJournal } from '../../firestore/src/persist/journal.ts';
import { syncFolder, writeSynced } from '../../firestore/src/persist/synced-files.ts';
import { StorageError } from './errors.ts';
import { crc32c, md5 } from './hashes.ts';

/** One live object: what the JSON API's object resource says, and where its bytes are. */
export interface StoredObject {
  bucket: string;
  name: string;
  /** Microseconds since the epoch at its write, as Cloud Storage numbers generations. */
  generation: string;
  metageneration: string;
  contentType: string;
  size: number;
  md5Hash: string;
  crc32c: string;
  timeCreated: string;
  updated: string;
  metadata?: Record<string, string>;
  /** The file under `blobs/` holding the bytes. */
  blob: string;
}

/** Conditions of a write or delete, as the JSON API's query parameters name them. */
export interface Preconditions {
  ifGenerationMatch?: string;
  ifGenerationNotMatch?: string;
  ifMetagenerationMatch?: string;
  ifMetagenerationNotMatch?: string;
}

export interface NewObject {
  bucket: string;
  name: string;
  data: Buffer;
  contentType: string;
  metadata?: Record<string, string>;
}

type JournalRecord =
  { op: 'put'; object: StoredObject } | { op: 'delete'; bucket: string; name: string };

interface Snapshot {
  format: 'local-cloud-storage/v1';
  objects: StoredObject[];
}

const SNAPSHOT = 'objects.json';
const JOURNAL = 'journal.jsonl';
const BLOBS = 'blobs';

/**
 * Objects kept durably in a folder: each object's bytes in a file of its own under `blobs/`,
 * the objects' metadata in `objects.json` plus a journal of the changes since. A write puts
 * its bytes on disk (fsync), then appends its record to the journal (fdatasync), and only then
 * is answered; a start replays the journal over the snapshot, writes a new snapshot and
 * removes blobs nothing names (an upload cut short, a replaced object). So a kill -9 at any
 * moment loses no acknowledged write. Without a folder, a temporary one is used and removed.
 */
export class ObjectStore {
  private readonly objects = new Map<string, StoredObject>();
  private lastGeneration = 0;
  // Writes and deletes commit one at a time, so a precondition holds until its record is down.
  private commits: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly dir: string,
    private readonly temporary: boolean,
    private journal: Journal,
  ) {}

  static async open(dataDir?: string): Promise<ObjectStore> {
    const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'local-storage-')));
    await mkdir(path.join(dir, BLOBS), { recursive: true });
    const objects = await loadObjects(dir);
    await writeSnapshot(dir, [...objects.values()]);
    await rm(path.join(dir, JOURNAL), { force: true });
    await removeUnnamedBlobs(dir, objects);
    const journal = await Journal.open(path.join(dir, JOURNAL), (err) => {
      // The disk refused a record: memory would now hold what the disk does not.
      process.stderr.write(`[storage] journal write failed, stopping: ${err.message}\n`);
      process.exit(1);
    });
    const store = new ObjectStore(dir, !dataDir, journal);
    for (const [key, object] of objects) store.objects.set(key, object);
    store.lastGeneration = Math.max(0, ...[...objects.values()].map((o) => Number(o.generation)));
    return store;
  }

  get(bucket: string, name: string, generation?: string): StoredObject {
    const object = this.objects.get(key(bucket, name));
    // Without object versioning only the live generation exists; an older one is not found.
    if (!object || (generation !== undefined && generation !== object.generation))
      throw StorageError.noSuchObject(bucket, name);
    return object;
  }

  async read(object: StoredObject): Promise<Buffer> {
    return readFile(path.join(this.dir, BLOBS, object.blob));
  }

  /** Objects of a bucket whose names start with `prefix`, in name order (UTF-8 bytes). */
  list(bucket: string, prefix: string): StoredObject[] {
    return [...this.objects.values()]
      .filter((o) => o.bucket === bucket && o.name.startsWith(prefix))
      .sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
  }

  async put(input: NewObject, conditions: Preconditions): Promise<StoredObject> {
    const blob = randomUUID();
    await writeDurably(path.join(this.dir, BLOBS, blob), input.data);
    try {
      return await this.commit(() => {
        const previous = this.objects.get(key(input.bucket, input.name));
        checkConditions(previous, conditions);
        const now = new Date();
        const object: StoredObject = {
          bucket: input.bucket,
          name: input.name,
          generation: this.nextGeneration(now),
          metageneration: '1',
          contentType: input.contentType,
          size: input.data.length,
          md5Hash: md5(input.data),
          crc32c: crc32c(input.data),
          timeCreated: now.toISOString(),
          updated: now.toISOString(),
          ...(input.metadata && { metadata: input.metadata }),
          blob,
        };
        return { record: { op: 'put', object }, apply: () => this.set(object), result: object };
      });
    } catch (error) {
      await rm(path.join(this.dir, BLOBS, blob), { force: true });
      throw error;
    }
  }

  async delete(bucket: string, name: string, conditions: Preconditions & { generation?: string }) {
    await this.commit(() => {
      const object = this.get(bucket, name, conditions.generation);
      checkConditions(object, conditions);
      return {
        record: { op: 'delete', bucket, name },
        apply: () => this.remove(bucket, name),
        result: undefined,
      };
    });
  }

  async close(): Promise<void> {
    await this.commits.catch(() => {});
    await this.journal.close();
    if (this.temporary) {
      await rm(this.dir, { recursive: true, force: true });
      return;
    }
    await writeSnapshot(this.dir, [...this.objects.values()]);
    await rm(path.join(this.dir, JOURNAL), { force: true });
  }

  /**
   * Decides a change against the current objects, journals it, then applies it: one commit at
   * a time, each answered only once its record is on disk.
   */
  private commit<T>(
    decide: () => { record: JournalRecord; apply: () => void; result: T },
  ): Promise<T> {
    const run = this.commits.then(async () => {
      const { record, apply, result } = decide();
      await this.journal.append(record);
      apply();
      return result;
    });
    this.commits = run.catch(() => {});
    return run;
  }

  private set(object: StoredObject): void {
    const previous = this.objects.get(key(object.bucket, object.name));
    this.objects.set(key(object.bucket, object.name), object);
    if (previous) void this.dropBlob(previous.blob);
  }

  private remove(bucket: string, name: string): void {
    const previous = this.objects.get(key(bucket, name));
    this.objects.delete(key(bucket, name));
    if (previous) void this.dropBlob(previous.blob);
  }

  // The journal already says the blob is unused; should this fail, the next start removes it.
  private async dropBlob(blob: string): Promise<void> {
    await rm(path.join(this.dir, BLOBS, blob), { force: true }).catch(() => {});
  }

  private nextGeneration(now: Date): string {
    this.lastGeneration = Math.max(this.lastGeneration + 1, now.getTime() * 1000);
    return String(this.lastGeneration);
  }
}

function key(bucket: string, name: string): string {
  return `${bucket}/${name}`;
}

/** Cloud Storage's rule: every condition given must hold, else 412 (0 means "no live object"). */
function checkConditions(object: StoredObject | undefined, conditions: Preconditions): void {
  const generation = object?.generation ?? '0';
  const metageneration = object?.metageneration;
  const { ifGenerationMatch, ifGenerationNotMatch } = conditions;
  const { ifMetagenerationMatch, ifMetagenerationNotMatch } = conditions;
  const failed =
    (ifGenerationMatch !== undefined && ifGenerationMatch !== generation) ||
    (ifGenerationNotMatch !== undefined && ifGenerationNotMatch === generation) ||
    (ifMetagenerationMatch !== undefined && ifMetagenerationMatch !== metageneration) ||
    (ifMetagenerationNotMatch !== undefined && ifMetagenerationNotMatch === metageneration);
  if (failed) throw StorageError.conditionNotMet();
}

async function loadObjects(dir: string): Promise<Map<string, StoredObject>> {
  const objects = new Map<string, StoredObject>();
  const snapshotFile = path.join(dir, SNAPSHOT);
  if (existsSync(snapshotFile)) {
    const snapshot = JSON.parse(await readFile(snapshotFile, 'utf8')) as Snapshot;
    for (const object of snapshot.objects) objects.set(key(object.bucket, object.name), object);
  }
  const journalFile = path.join(dir, JOURNAL);
  if (existsSync(journalFile)) {
    // After-images: replaying a record twice (a crash after the snapshot, before the journal
    // was removed) gives the same objects.
    for await (const record of readJournal<JournalRecord>(journalFile)) {
      if (record.op === 'put')
        objects.set(key(record.object.bucket, record.object.name), record.object);
      else objects.delete(key(record.bucket, record.name));
    }
  }
  return objects;
}

async function writeSnapshot(dir: string, objects: StoredObject[]): Promise<void> {
  const snapshot: Snapshot = { format: 'local-cloud-storage/v1', objects };
  const target = path.join(dir, SNAPSHOT);
  await writeDurably(`${target}.tmp`, Buffer.from(JSON.stringify(snapshot)));
  await rename(`${target}.tmp`, target);
  await syncFolder(dir);
}

async function removeUnnamedBlobs(dir: string, objects: Map<string, StoredObject>) {
  const named = new Set([...objects.values()].map((o) => o.blob));
  for (const blob of await readdir(path.join(dir, BLOBS)))
    if (!named.has(blob)) await rm(path.join(dir, BLOBS, blob), { force: true });
}

/** Writes a new file and syncs it and its folder, so that it survives a crash once written. */
async function writeDurably(file: string, data: Buffer): Promise<void> {
  await writeSynced(file, data);
  await syncFolder(path.dirname(file));
}
