// The server with --data, as a real process killed with SIGKILL in the middle of writes: every
// write it acknowledged is there after a restart, through compactions too.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FieldValue, Firestore } from '@google-cloud/firestore';
import { afterEach, describe, expect, it } from 'vitest';

const PROJECT = 'durability-test';
const CLI = path.join(import.meta.dirname, '../src/cli.ts');

interface Server {
  process: ChildProcess;
  output: string[];
  port: number;
}

const running: Server[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) s.process.kill('SIGKILL');
  for (const f of folders.splice(0)) await rm(f, { recursive: true, force: true });
});

/** Starts the CLI (port 0: any free one) and resolves once it listens. */
function startServer(port: number, dir: string, extra: string[] = []): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--port', String(port), '--project', PROJECT, '--data', dir, ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const server: Server = { process: child, output: [], port };
  running.push(server);
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      server.output.push(chunk.toString());
      const listening = /listening on [\d.]+:(\d+)/.exec(server.output.join(''));
      if (listening) resolve({ ...server, port: Number(listening[1]) });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`exited with ${code} before listening:\n${server.output.join('')}`)),
    );
  });
}

function client(port: number): Firestore {
  // The SDK reads the variable when a client is created.
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  return new Firestore({ projectId: PROJECT });
}

async function killed(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
}

/**
 * Writers that run until stopped: creates, updates of a shared document in transactions, and
 * deletes of documents they created. Records what the server acknowledged.
 */
function writeLoad(db: Firestore, round: string, writers: number) {
  const acked = new Map<string, number | 'deleted'>();
  const deleting = new Set<string>();
  const counter = db.doc(`meta/counter-${round}`);
  let increments = 0;
  let stopped = false;
  for (let w = 0; w < writers; w++) {
    void (async () => {
      for (let i = 0; !stopped; i++) {
        const id = `${round}-w${w}-${i}`;
        try {
          await db.doc(`items/${id}`).set({ writer: w, i, text: 'x'.repeat(200) });
          acked.set(id, i);
          if (stopped) return;
          if (i % 5 === 0) {
            await db.runTransaction(async (t) => {
              const current = await t.get(counter);
              t.set(counter, { n: ((current.get('n') as number | undefined) ?? 0) + 1 });
            });
            increments++;
          }
          if (stopped) return;
          if (i % 7 === 3) {
            deleting.add(`${round}-w${w}-${i - 1}`);
            await db.doc(`items/${round}-w${w}-${i - 1}`).delete();
            acked.set(`${round}-w${w}-${i - 1}`, 'deleted');
          }
          if (stopped) return;
          if (i % 3 === 0) {
            await db.doc(`items/${id}`).update({ i: FieldValue.increment(1000) });
            acked.set(id, i + 1000);
          }
        } catch {
          return; // The server is gone: this write was never acknowledged.
        }
      }
    })();
  }
  /**
   * What was acknowledged until now. The client is abandoned: the SDK may retry the write in
   * flight against the restarted server (that one may land), but sends nothing after it.
   */
  return {
    acknowledged: () => acked.size,
    stop: () => {
      stopped = true;
      return {
        counter,
        acked: new Map(acked),
        deleting: new Set(deleting),
        increments,
      };
    },
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function expectEverythingAcknowledged(
  db: Firestore,
  load: ReturnType<ReturnType<typeof writeLoad>['stop']>,
): Promise<void> {
  const stored = new Map((await db.collection('items').get()).docs.map((d) => [d.id, d]));
  const missing: string[] = [];
  for (const [id, value] of load.acked) {
    const doc = stored.get(id);
    // A later unacknowledged write may have landed too (its answer was lost): only what was
    // acknowledged must be there, or a newer state of the same writer.
    if (value === 'deleted') {
      if (doc) missing.push(`${id} (deleted but back)`);
    } else if (!doc) {
      // Its delete was sent: that write may have landed with its answer lost.
      if (!load.deleting.has(id)) missing.push(id);
    } else if ((doc.get('i') as number) < value) missing.push(`${id} (older version)`);
  }
  expect(missing).toEqual([]);
  const counter = ((await db.doc(load.counter.path).get()).get('n') as number | undefined) ?? 0;
  expect(counter).toBeGreaterThanOrEqual(load.increments);
}

describe('durability (--data)', () => {
  it('keeps every acknowledged write through kill -9 while writing, compacting on the way', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'firestore-durable-'));
    folders.push(dir);
    // A small threshold, so that compactions run during the load (and some get killed).
    const options = ['--compact-after-bytes', '20000'];
    let server = await startServer(0, dir, options);
    const { port } = server;
    const earlier: ReturnType<ReturnType<typeof writeLoad>['stop']>[] = [];

    for (let round = 0; round < 3; round++) {
      const writers = writeLoad(client(port), `r${round}`, 8);
      // Killed at a different point each round, with writes in flight.
      await until(() => writers.acknowledged() >= 100 + round * 37, 30_000);
      await killed(server);
      const load = writers.stop();

      server = await startServer(port, dir, options);
      const db = client(port);
      // This round's writes, and every earlier round's still.
      for (const previous of [...earlier, load]) await expectEverythingAcknowledged(db, previous);
      earlier.push(load);
    }
    expect(server.output.join('')).toMatch(/restored \d+ documents and \d+ journaled changes/);
    // Compactions ran during the load: a snapshot exists beside the journal.
    expect(await readdir(dir)).toContain('metadata.json');
  }, 90_000);

  it('restores the state of the last clean stop from the snapshot alone', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'firestore-durable-'));
    folders.push(dir);
    const server = await startServer(0, dir);
    const { port } = server;
    let db = client(port);
    await db.doc('a/1').set({ n: 1 });
    await db.doc('a/2').set({ n: 2 });
    await db.doc('a/2').delete();
    await db.terminate();
    const exited = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The journal was folded into the snapshot on the way out: nothing left to replay.
    const restarted = await startServer(port, dir);
    expect(restarted.output.join('')).toMatch(/restored 1 documents and 0 journaled changes/);
    db = client(port);
    expect((await db.doc('a/1').get()).data()).toEqual({ n: 1 });
    expect((await db.doc('a/2').get()).exists).toBe(false);
    await db.terminate();
  });
});
