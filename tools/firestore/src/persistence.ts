import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import type { Engine } from './engine.ts';
import {
  fieldsFromRest,
  fieldsToRest,
  timestampFromRest,
  timestampToRest,
  type SharedStrings,
} from './rest-json.ts';
import { toTimestamp } from './timestamps.ts';
import { relativeName, timestampMicros } from './values.ts';

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
  databases: { id: string; file: string; documents: number }[];
}

export async function exportProject(
  engine: Engine,
  project: string,
  folder: string,
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
    const tmp = path.join(folder, `${file}.tmp`);
    const out = createWriteStream(tmp);
    let documents = 0;
    for (const doc of db.all()) {
      const line = JSON.stringify({
        name: doc.name,
        fields: fieldsToRest(doc.fields),
        createTime: timestampToRest(toTimestamp(doc.createTime)),
        updateTime: timestampToRest(toTimestamp(doc.updateTime)),
      });
      if (!out.write(`${line}\n`)) await once(out, 'drain');
      documents++;
    }
    out.end();
    await once(out, 'finish');
    await rename(tmp, path.join(folder, file));
    metadata.databases.push({ id, file, documents });
  }
  await writeFile(path.join(folder, 'metadata.json'), JSON.stringify(metadata, null, 2));
  return metadata;
}

/** Replaces the project's data with the export's. */
export async function importProject(
  engine: Engine,
  project: string,
  folder: string,
): Promise<number> {
  const metadata = JSON.parse(
    await readFile(path.join(folder, 'metadata.json'), 'utf8'),
  ) as Metadata;
  if (metadata.format !== FORMAT) throw new Error(`Unknown export format: ${metadata.format}`);
  let total = 0;
  for (const { id, file } of metadata.databases) {
    const db = engine.database(`projects/${project}/databases/${id}`);
    engine.clear(db);
    const lines = createInterface({
      input: createReadStream(path.join(folder, file)),
      crlfDelay: Infinity,
    });
    let latest = 0;
    // Lives for this import only: what stays shared is what the documents hold.
    const strings: SharedStrings = new Map();
    for await (const line of lines) {
      if (line.trim() === '') continue;
      const rest = JSON.parse(line) as {
        name: string;
        fields?: object;
        createTime: string;
        updateTime: string;
      };
      const key = relativeName(rest.name);
      const updateTime = timestampMicros(timestampFromRest(rest.updateTime));
      latest = Math.max(latest, updateTime);
      db.put(key, {
        name: db.nameOf(key),
        key,
        fields: fieldsFromRest(rest.fields ?? {}, strings),
        createTime: timestampMicros(timestampFromRest(rest.createTime)),
        updateTime,
      });
      total++;
    }
    db.advanceClock(latest);
  }
  return total;
}
