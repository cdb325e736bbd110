// Quotes made at once share their year's number series, one counter document. A transaction that
// reads it loses to any other that commits first and starts again, each time after a longer wait,
// so a burst of creates each in its own transaction spends seconds waiting on one another. Here
// the creates that arrive while a series' transaction runs wait for it to end and then go
// together in the next one, which takes as many consecutive numbers as it stores quotes.
import type { Transaction } from 'firebase-admin/firestore';
import { takeQuoteSequences } from '../../domain/quotes/store';
import { runInTransaction } from '../../domain/writes/transaction';
import { batchesPerKey } from '../../batches-per-key';

/** Stores one quote in `tx` under its number in the series; it must not read. */
export type NumberedWrite<T> = (tx: Transaction, sequence: number) => T;

interface Waiting {
  write: NumberedWrite<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Well under a commit's 500 writes (each quote is one, the counter another). */
const MOST_PER_TRANSACTION = 100;

/**
 * Each api instance's creates go one transaction at a time per series; the instances may still
 * meet on the counter. The loser tries again after a few milliseconds, not after the client
 * library's back-off of a second and more: the other's transaction is short and already done.
 */
const MOST_ATTEMPTS = 25;
const RETRY_JITTER_MS = [5, 25] as const;
/** gRPC's ABORTED: the counter changed since this transaction read it. */
const ABORTED = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function numberedTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runInTransaction(work, { maxAttempts: 1 });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== ABORTED || attempt >= MOST_ATTEMPTS) throw error;
      const [least, most] = RETRY_JITTER_MS;
      await sleep(least + Math.random() * (most - least));
    }
  }
}

/** Each series' creates, together in one transaction while one runs for it. */
const queueCreate = batchesPerKey<Waiting>(async (series, batch) => {
  try {
    const results = await numberedTransaction(async (tx) => {
      const first = await takeQuoteSequences(tx, series, batch.length);
      return batch.map((item, i) => item.write(tx, first + i));
    });
    batch.forEach((item, i) => item.resolve(results[i]));
  } catch (error) {
    batch.forEach((item) => item.reject(error));
  }
}, MOST_PER_TRANSACTION);

/** Runs `write` with the series' next number, in a transaction it may share with other creates. */
export function writeNumbered<T>(series: string, write: NumberedWrite<T>): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    queueCreate(series, { write, resolve: resolve as (value: unknown) => void, reject }),
  );
}
