#!/usr/bin/env -S npx tsx
/**
 * embedded-firestore [--host 127.0.0.1] [--port 8080] [--project demo]
 *                    [--data DIR [--compact-after-bytes N]] [--import DIR] [--export-on-exit DIR]
 *                    [--indexes firestore.indexes.json]
 * Serves until SIGINT/SIGTERM. With --data the project's data lives in DIR durably: every
 * commit is journaled (fsync) before it is answered, and a start replays it (durable-store.ts).
 * --import / --export-on-exit load a snapshot at start and write one on a clean stop only.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDurableStore, type DurableStore } from './persist/durable-store.ts';
import { exportProject, importProject } from './persist/persistence.ts';
import type { Engine } from './engine.ts';
import { startEmbeddedFirestore } from './wire/server.ts';

// Node gives out small Buffers as slices of shared 8 KB slabs, and one slice that lives on keeps
// its whole slab, which V8 counts as external memory: while a broadcast sent, those slabs started
// a full collection of the large size's 4.5 GB heap about every minute (README, "No buffers left
// to age"). Unpooled, a small buffer that lives on keeps only itself.
Buffer.poolSize = 0;

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8080' },
    project: { type: 'string', default: process.env.GCLOUD_PROJECT ?? 'demo-crm' },
    data: { type: 'string' },
    'compact-after-bytes': { type: 'string' },
    import: { type: 'string' },
    'export-on-exit': { type: 'string' },
    indexes: { type: 'string' },
  },
});

const project = values.project!;
let server;
let durable: DurableStore | undefined;
// Kept data is restored before the port opens: nobody reads a half-restored database.
async function restore(engine: Engine): Promise<void> {
  if (values.data) {
    const compactAfterBytes = values['compact-after-bytes'];
    durable = await openDurableStore(engine, project, values.data, {
      compactAfterBytes: compactAfterBytes ? Number(compactAfterBytes) : undefined,
      log: (line) => console.log(`embedded-firestore: ${line}`),
      onFailure: (err) => {
        console.error(`embedded-firestore: cannot write the journal, stopping: ${err.message}`);
        process.exit(1);
      },
    });
    const { snapshot, journaled } = durable.restored;
    console.log(
      `embedded-firestore: restored ${snapshot} documents and ${journaled} journaled changes from ${values.data}`,
    );
  } else if (values.import && existsSync(path.join(values.import, 'metadata.json'))) {
    const count = await importProject(engine, project, values.import);
    console.log(`embedded-firestore: imported ${count} documents from ${values.import}`);
  }
}
try {
  server = await startEmbeddedFirestore({
    host: values.host,
    port: Number(values.port),
    indexes: values.indexes,
    beforeListen: restore,
  });
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `embedded-firestore: port ${values.port} is already in use; stop what uses it or pick another --port`
      : `embedded-firestore: ${String(err)}`,
  );
  process.exit(1);
}

console.log(
  `embedded-firestore: listening on ${server.host} (project ${project})` +
    (values.indexes ? `, serving only what ${values.indexes} indexes` : ''),
);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await durable?.close();
  if (values['export-on-exit']) {
    const meta = await exportProject(server!.engine, project, values['export-on-exit']);
    const documents = meta.databases.reduce((n, d) => n + d.documents, 0);
    console.log(
      `embedded-firestore: exported ${documents} documents to ${values['export-on-exit']}`,
    );
  }
  await server!.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
