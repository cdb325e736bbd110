// Loads generated data into a running embedded Firestore through its control calls
// (tools/firestore/README.md): export what is there, add the generated lines, import the lot.
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ID } from '../../stack/config.ts';
import { httpCall } from '../stack-api.ts';

interface ExportMetadata {
  format: string;
  project: string;
  exportedAt: string;
  databases: { id: string; file: string; documents: number; appending?: boolean }[];
}

/**
 * One control call over node:http: fetch gives up waiting for an answer's headers after 5
 * minutes, and importing the large size into the embedded Firestore (which builds its indexes
 * and counts every document's index entries) can take longer before it answers.
 */
async function send(
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = payload ? { 'Content-Type': 'application/json' } : {};
  const answer = await httpCall(url, { method, headers, agent: false }, payload);
  return { status: answer.status, text: answer.body.toString('utf8') };
}

/** The embedded Firestore's control calls for the stack's project. */
export function firestoreControl(firestoreHost: string) {
  const base = `http://${firestoreHost}/emulator/v1/projects/${PROJECT_ID}`;
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    // A connection of its own for each call (agent: false): none is kept alive across the long
    // synchronous stretches (generating the data) for the server to close under it.
    const res = await send(method, url, body);
    if (res.status < 200 || res.status >= 300)
      throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
    return JSON.parse(res.text) as T;
  };
  return {
    exportTo: (folder: string) => call<ExportMetadata>('POST', `${base}:export`, { path: folder }),
    importFrom: (folder: string) =>
      call<{ documents: number }>('POST', `${base}:import`, { path: folder }),
    counters: () =>
      call<{ reads: number; writes: number; deletes: number }>('GET', `${base}/counters`),
    resetCounters: () => call<unknown>('DELETE', `${base}/counters`),
  };
}

export type FirestoreControl = ReturnType<typeof firestoreControl>;

/**
 * Copies an export of the default database into `target` and returns the path of its data
 * file, to which generated lines are then appended. Its metadata says the file is still being
 * appended to, so an import started now reads the lines as they are written (the embedded
 * Firestore's `appending`, tools/firestore/README.md); `finish` records the document count and
 * that the file is whole.
 */
export function prepareExport(baseFolder: string, target: string) {
  const metadata = JSON.parse(
    readFileSync(path.join(baseFolder, 'metadata.json'), 'utf8'),
  ) as ExportMetadata;
  const database = metadata.databases.find((d) => d.id === '(default)');
  if (!database) throw new Error(`${baseFolder} holds no (default) database`);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const dataFile = path.join(target, database.file);
  copyFileSync(path.join(baseFolder, database.file), dataFile);
  // Replaced whole (a rename): the import reads it again while it follows the file.
  const writeMetadata = (databases: ExportMetadata['databases']) => {
    const file = path.join(target, 'metadata.json');
    writeFileSync(
      `${file}.tmp`,
      JSON.stringify({ ...metadata, exportedAt: new Date().toISOString(), databases }, null, 2),
    );
    renameSync(`${file}.tmp`, file);
  };
  writeMetadata([{ ...database, appending: true }]);
  return {
    dataFile,
    finish(added: number) {
      writeMetadata([{ ...database, documents: database.documents + added }]);
    },
  };
}
