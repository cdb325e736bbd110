// Writes generated customers, entries and conversations as lines of an embedded-Firestore
// export file.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { EmployeeRef } from '../../../functions/src/app/seeding.ts';
import type { GeneratedCustomer } from './customers.ts';
import type { PartMessage, PartRequest, ScaleSize } from './part-messages.ts';

export type { ScaleSize } from './part-messages.ts';

export interface Generated {
  documents: number;
  /** A spread of generated entry ids (for follow-ups). */
  sampleEntryIds: string[];
  /**
   * A customer from the middle of the book with a phone and an email (for searches), whose
   * conversation holds 1,000 messages.
   */
  probe: GeneratedCustomer;
}

/** Parts made at once, each in a worker thread: the generator is CPU-bound, the machine has 2 cores. */
const PARTS = 2;

/**
 * Appends the size's documents to `file`; the same size and seed always give the same documents.
 * The parts are made in worker threads at once, their chunks written as they come, so the
 * lines' order may differ from run to run: each line is a document of its own.
 */
export async function appendGenerated(
  file: string,
  size: ScaleSize,
  employees: readonly EmployeeRef[],
  nowMs: number,
  seed = 20_261_122,
): Promise<Generated> {
  if (employees.length === 0) throw new Error('No users to own the entries: seed the demo first');
  const stream = createWriteStream(file, { flags: 'a' });
  const written = once(stream, 'close');
  try {
    const parts = await Promise.all(
      Array.from({ length: PARTS }, (_, part) =>
        runPart(stream, { size, employees, nowMs, seed, part, parts: PARTS }),
      ),
    );
    stream.end();
    await written;
    return {
      documents: parts.reduce((n, p) => n + p.documents, 0),
      sampleEntryIds: parts.flatMap((p) => p.sampleEntryIds),
      probe: parts[0].probe,
    };
  } finally {
    stream.destroy();
  }
}

/**
 * A worker does not inherit tsx's loaders: it registers both (the functions' code it imports is
 * CommonJS), then runs the part's TypeScript.
 */
const PART_SCRIPT = `require(${JSON.stringify(createRequire(import.meta.url).resolve('tsx/cjs/api'))}).register();
import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => register())
  .then(() => import(${JSON.stringify(import.meta.resolve('./generate-part.ts'))}))`;

/** Runs one part in a worker, writing its chunks to `stream` in turn; its summary. */
function runPart(stream: WriteStream, request: PartRequest) {
  const worker = new Worker(PART_SCRIPT, { eval: true, workerData: request });
  return new Promise<Extract<PartMessage, { done: unknown }>['done']>((resolve, reject) => {
    let writes = Promise.resolve();
    const fail = (err: unknown) => {
      void worker.terminate();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    stream.on('error', fail);
    worker.on('error', fail);
    // Stopped once done (exit 1), when the promise is settled already: only an early exit fails.
    worker.on('exit', (code) =>
      reject(new Error(`Generating part ${request.part} stopped (exit ${code})`)),
    );
    worker.on('message', (message: PartMessage) => {
      writes = writes
        .then(async () => {
          if ('done' in message) {
            // The part waits for messages (its written chunks) until it is stopped.
            void worker.terminate();
            resolve(message.done);
            return;
          }
          if (!stream.write(message.chunk)) await once(stream, 'drain');
          worker.postMessage('written');
        })
        .catch(fail);
    });
  });
}
