// Shared plumbing for the conformance suite: one Admin SDK app per test file, a reset of the
// whole database before every test, the control endpoints, and small async helpers.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, expect, inject } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import {
  getFirestore,
  type CollectionReference,
  type DocumentData,
  type Firestore,
  type Settings,
} from 'firebase-admin/firestore';

export const PROJECT_ID = 'conformance-test';

/** host:port of the server under test (the embedded one, or whatever FIRESTORE_EMULATOR_HOST named). */
export const FIRESTORE_HOST = inject('firestoreHost');

/** True when global-setup started the embedded server: only then do embedded-only tests run. */
export const EMBEDDED = inject('embeddedServer');

/** Suffix for the names of tests that only the embedded server can pass. */
export const EMBEDDED_ONLY =
  '(embedded-only: skipped because FIRESTORE_EMULATOR_HOST was set from outside)';

// The Admin SDK reads the variable when a Firestore instance is created.
process.env.FIRESTORE_EMULATOR_HOST = FIRESTORE_HOST;

const CONTROL = `http://${FIRESTORE_HOST}/emulator/v1/projects/${PROJECT_ID}`;

async function control(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(CONTROL + path, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    throw new Error(`${method} ${CONTROL + path} answered ${res.status}: ${await res.text()}`);
  }
  return res;
}

/** Clears every document of the project's (default) database (the official emulator has it too). */
export async function resetDatabase(): Promise<void> {
  await control('DELETE', '/databases/(default)/documents');
}

export interface Counters {
  reads: number;
  writes: number;
  deletes: number;
}

/** Embedded-only: the billing counters. */
export async function getCounters(): Promise<Counters> {
  const res = await control('GET', '/counters');
  return (await res.json()) as Counters;
}

/** Embedded-only: sets the billing counters back to 0. */
export async function resetCounters(): Promise<void> {
  await control('DELETE', '/counters');
}

/** Embedded-only: writes the project's data to a folder. */
export async function exportData(path: string): Promise<void> {
  const res = await fetch(`${CONTROL}:export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path }),
  });
  if (!res.ok) throw new Error(`export answered ${res.status}: ${await res.text()}`);
}

/** Embedded-only: replaces the project's data with what a folder holds. */
export async function importData(path: string): Promise<void> {
  const res = await fetch(`${CONTROL}:import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path }),
  });
  if (!res.ok) throw new Error(`import answered ${res.status}: ${await res.text()}`);
}

/**
 * The Firestore instance of `app` for these tests: a query refused with a permanent error
 * (INVALID_ARGUMENT, FAILED_PRECONDITION…) fails at once. By default the SDK's streamed reads
 * (queries, aggregations, batched gets) go through google-gax's older retry path, which retries
 * any error twice with a 1 s and 2 s back-off (plus jitter): each refused query took about
 * 7.5 s and asked the server three times for the same answer. With `gaxServerStreamingRetries`
 * the SDK retries only the codes its retry config names (DEADLINE_EXCEEDED, INTERNAL,
 * UNAVAILABLE), as it does for every other call.
 */
export function firestoreOf(app: App, settings: Settings = {}): Firestore {
  const db = getFirestore(app);
  db.settings({ ...settings, gaxServerStreamingRetries: true });
  return db;
}

/**
 * An Admin SDK Firestore on a server a test started itself, at `host`. The client takes its host
 * from the variable when it is created; the suite's server keeps it.
 */
export function firestoreAt(
  host: string,
  projectId: string,
): { db: Firestore; close: () => Promise<void> } {
  const app = initializeApp({ projectId }, `${projectId}-${randomUUID()}`);
  const suiteHost = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  const db = firestoreOf(app);
  process.env.FIRESTORE_EMULATOR_HOST = suiteHost;
  return { db, close: () => deleteApp(app) };
}

function newFirestore(settings: Settings = {}): { db: Firestore; close: () => Promise<void> } {
  const app = initializeApp({ projectId: PROJECT_ID }, `conformance-${randomUUID()}`);
  const db = firestoreOf(app, settings);
  return { db, close: () => deleteApp(app) };
}

/**
 * The Firestore instance of a test file. Registers a reset of the database before every test
 * and the shutdown of the app after the file.
 */
export function useFirestore(): Firestore {
  const { db, close } = newFirestore();
  beforeEach(resetDatabase);
  afterAll(close);
  return db;
}

/**
 * A second instance of the same database that reads integers as BigInt (`useBigInt`), so a
 * test can tell an integerValue (bigint) from a doubleValue (number) and see int64 exactly.
 */
export function useBigIntFirestore(): Firestore {
  const { db, close } = newFirestore({ useBigInt: true });
  afterAll(close);
  return db;
}

/** The gRPC status code of a rejected call (the Admin SDK puts it in `code`). */
export async function grpcError(promise: Promise<unknown>): Promise<Error & { code: unknown }> {
  const outcome = await promise.then(
    () => ({ ok: true as const }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error('expected the call to be rejected, but it succeeded');
  expect(outcome.error).toBeInstanceOf(Error);
  return outcome.error as Error & { code: unknown };
}

/** Asserts that a call is rejected with one gRPC status code and returns the error. */
export async function expectCode(promise: Promise<unknown>, code: number): Promise<Error> {
  const error = await grpcError(promise);
  expect(error.code, `${error.message}`).toBe(code);
  return error;
}

export const Code = {
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  UNIMPLEMENTED: 12,
} as const;

/**
 * Collects values pushed by a callback (snapshots of a listener) and hands them out in order;
 * `next` rejects if nothing arrives in time.
 */
export class Inbox<T> {
  private readonly queue: T[] = [];
  private readonly waiters: { resolve: (v: T) => void; reject: (e: Error) => void }[] = [];
  private failure: Error | undefined;

  readonly push = (value: T): void => {
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(value);
    else this.queue.push(value);
  };

  readonly fail = (error: Error): void => {
    this.failure = error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  };

  get size(): number {
    return this.queue.length;
  }

  next(timeoutMs = 10_000): Promise<T> {
    if (this.queue.length > 0) return Promise.resolve(this.queue.shift() as T);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      const waiter = {
        resolve: (v: T) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e: Error) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      const timer = setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(new Error(`no value arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Ids of the documents of a query snapshot, in order. */
export function ids(snapshot: { docs: { id: string }[] }): string[] {
  return snapshot.docs.map((d) => d.id);
}

/** A repeatable pseudo-random sequence (mulberry32), so a failure can be replayed. */
export function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Sets the document (or deletes it, without a row) and records the same in `model`, the rows
 * the test expects the collection to hold.
 */
export async function writeMirrored<Row extends DocumentData>(
  col: CollectionReference,
  model: Map<string, Row>,
  id: string,
  row: Row | undefined,
): Promise<void> {
  if (row) await col.doc(id).set(row);
  else await col.doc(id).delete();
  if (row) model.set(id, row);
  else model.delete(id);
}
