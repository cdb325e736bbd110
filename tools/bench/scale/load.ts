// Loads generated data into a running embedded Firestore through its control calls
// (tools/firestore/README.md): export what is there, add the generated lines, import the lot.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ID } from '../../stack/config.ts';

interface ExportMetadata {
  format: string;
  project: string;
  exportedAt: string;
  databases: { id: string; file: string; documents: number }[];
}

/** The embedded Firestore's control calls for the stack's project. */
export function firestoreControl(firestoreHost: string) {
  const base = `http://${firestoreHost}/emulator/v1/projects/${PROJECT_ID}`;
  const send = (method: string, url: string, body?: unknown) =>
    fetch(url, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    // After a long synchronous stretch (generating the data) the client has not yet seen the
    // server close its kept-alive connection and sends on it; these calls are safe to resend.
    const res = await send(method, url, body).catch((err: unknown) => {
      const code = ((err as Error).cause as NodeJS.ErrnoException | undefined)?.code ?? '';
      if (['EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(code)) return send(method, url, body);
      throw err;
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
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
 * file, to which generated lines are then appended; `finish` records the document count.
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
  return {
    dataFile,
    finish(added: number) {
      const databases = [{ ...database, documents: database.documents + added }];
      writeFileSync(
        path.join(target, 'metadata.json'),
        JSON.stringify({ ...metadata, exportedAt: new Date().toISOString(), databases }, null, 2),
      );
    },
  };
}
