import { randomBytes } from 'node:crypto';
import { GrpcError, Status } from './errors.ts';
import { executeQuery, type CompiledQuery } from './query.ts';
import type { Database, StoredDoc } from './store.ts';
import type { TransactionOptions } from './types.ts';
import { timestampMicros } from './values.ts';

interface Transaction {
  db: Database;
  readOnly: boolean;
  /** A read-only transaction may read at a fixed past time (microseconds). */
  readTime?: number;
  /** The version each read saw: update time, or 0 when the document did not exist. */
  reads: Map<string, number>;
  queries: { query: CompiledQuery; seen: string }[];
  startedAt: number;
}

/** Transactions abandoned by their client are forgotten after this long. */
const EXPIRY_MS = 5 * 60_000;

function signature(docs: StoredDoc[]): string {
  return docs.map((d) => `${d.key}@${d.updateTime}`).join('\n');
}

/**
 * Optimistic concurrency: reads remember the versions they saw and a commit fails with
 * ABORTED when any of them changed since. The SDK then retries the whole transaction, so
 * two concurrent increments both land, as they do against the real service.
 */
export class Transactions {
  private open = new Map<string, Transaction>();

  begin(db: Database, options: TransactionOptions | undefined): Buffer {
    this.expire();
    if (options?.readWrite?.retryTransaction)
      this.open.delete(Buffer.from(options.readWrite.retryTransaction).toString('hex'));
    const id = randomBytes(16);
    this.open.set(id.toString('hex'), {
      db,
      readOnly: !!options?.readOnly,
      readTime: options?.readOnly?.readTime
        ? timestampMicros(options.readOnly.readTime)
        : undefined,
      reads: new Map(),
      queries: [],
      startedAt: Date.now(),
    });
    return id;
  }

  get(db: Database, id: Uint8Array): Transaction {
    const txn = this.open.get(Buffer.from(id).toString('hex'));
    if (!txn || txn.db !== db) {
      throw new GrpcError(Status.INVALID_ARGUMENT, 'The transaction is invalid or has expired');
    }
    return txn;
  }

  recordRead(txn: Transaction, key: string, doc: StoredDoc | undefined): void {
    if (!txn.readOnly && !txn.reads.has(key)) txn.reads.set(key, doc?.updateTime ?? 0);
  }

  recordQuery(txn: Transaction, query: CompiledQuery, docs: StoredDoc[]): void {
    if (!txn.readOnly) txn.queries.push({ query, seen: signature(docs) });
  }

  /** Ends the transaction; throws ABORTED if what it read has changed. */
  finish(db: Database, id: Uint8Array): void {
    const txn = this.get(db, id);
    this.open.delete(Buffer.from(id).toString('hex'));
    if (txn.readOnly) return;
    for (const [key, version] of txn.reads) {
      if ((db.get(key)?.updateTime ?? 0) !== version) {
        throw new GrpcError(
          Status.ABORTED,
          'Transaction aborted: a document it read was changed by another write',
        );
      }
    }
    for (const { query, seen } of txn.queries) {
      if (signature(executeQuery(db, query).docs) !== seen) {
        throw new GrpcError(Status.ABORTED, 'Transaction aborted: a query it ran has new results');
      }
    }
  }

  rollback(db: Database, id: Uint8Array): void {
    this.get(db, id);
    this.open.delete(Buffer.from(id).toString('hex'));
  }

  clear(db: Database): void {
    for (const [id, txn] of this.open) if (txn.db === db) this.open.delete(id);
  }

  private expire(): void {
    const cutoff = Date.now() - EXPIRY_MS;
    for (const [id, txn] of this.open) if (txn.startedAt < cutoff) this.open.delete(id);
  }
}
