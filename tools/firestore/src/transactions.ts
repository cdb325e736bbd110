import { randomBytes } from 'node:crypto';
import { GrpcError, Status } from './model/errors.ts';
import { executeQuery, type CompiledQuery } from './query/query.ts';
import type { Database } from './storage/store.ts';
import type { StoredDoc, TransactionOptions } from './model/types.ts';
import { timestampMicros } from './model/values.ts';

interface Transaction {
  db: Database;
  readOnly: boolean;
  /**
   * Read-only transactions read one snapshot: the time they began, or the readTime they
   * asked for (microseconds).
   */
  readTime?: number;
  /** The version each read saw: update time, or 0 when the document did not exist. */
  reads: Map<string, number>;
  queries: { query: CompiledQuery; seen: string }[];
  startedAt: number;
}

/** Transactions abandoned by their client are forgotten after this long. */
const EXPIRY_MS = 5 * 60_000;
/** How long a plain write waits for a transaction's lock before going ahead anyway. */
const LOCK_WAIT_MS = 15_000;

function signature(docs: readonly StoredDoc[]): string {
  return docs.map((d) => `${d.key}@${d.updateTime}`).join('\n');
}

function hex(id: Uint8Array): string {
  return Buffer.from(id).toString('hex');
}

/**
 * Read-write transactions as the server SDKs see them:
 * - a document a transaction has read is locked: a plain write to it waits until the
 *   transaction ends (so the transaction commits without retrying);
 * - between transactions, concurrency is optimistic: a commit fails with ABORTED when a
 *   document or query it read has changed since, and the SDK retries the whole transaction,
 *   so two concurrent increments both land.
 */
export class Transactions {
  private open = new Map<string, Transaction>();
  private waiters = new Set<() => void>();

  begin(db: Database, options: TransactionOptions | undefined): Buffer {
    this.expire();
    if (options?.readWrite?.retryTransaction) this.end(hex(options.readWrite.retryTransaction));
    const id = randomBytes(16);
    const readOnly = !!options?.readOnly;
    const readTime = options?.readOnly?.readTime;
    this.open.set(hex(id), {
      db,
      readOnly,
      readTime: readTime ? timestampMicros(readTime) : readOnly ? db.lastCommitTime : undefined,
      reads: new Map(),
      queries: [],
      startedAt: Date.now(),
    });
    return id;
  }

  get(db: Database, id: Uint8Array): Transaction {
    const txn = this.open.get(hex(id));
    if (!txn || txn.db !== db) {
      // Production's words: the client libraries retry a transaction on this INVALID_ARGUMENT
      // only when its message says "transaction has expired" (nodejs-firestore #1347).
      throw new GrpcError(
        Status.INVALID_ARGUMENT,
        'The referenced transaction has expired or is no longer valid.',
      );
    }
    return txn;
  }

  recordRead(txn: Transaction, key: string, doc: StoredDoc | undefined): void {
    if (!txn.readOnly && !txn.reads.has(key)) txn.reads.set(key, doc?.updateTime ?? 0);
  }

  recordQuery(txn: Transaction, query: CompiledQuery, docs: readonly StoredDoc[]): void {
    if (txn.readOnly) return;
    txn.queries.push({ query, seen: signature(docs) });
    for (const doc of docs) this.recordRead(txn, doc.key, doc);
  }

  /** Ends the transaction; throws ABORTED if what it read has changed. */
  finish(db: Database, id: Uint8Array): void {
    const txn = this.get(db, id);
    this.end(hex(id));
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
    this.end(hex(id));
  }

  clear(db: Database): void {
    for (const [id, txn] of this.open) if (txn.db === db) this.end(id);
  }

  /** Resolves once no open read-write transaction has read any of `keys` (or after a while). */
  async waitForLocks(db: Database, keys: string[]): Promise<void> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    while (this.isLocked(db, keys)) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, remaining);
        const waiters = this.waiters;
        function done() {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        }
        waiters.add(done);
      });
    }
  }

  private isLocked(db: Database, keys: string[]): boolean {
    this.expire();
    for (const txn of this.open.values()) {
      if (txn.db !== db || txn.readOnly) continue;
      if (keys.some((k) => txn.reads.has(k))) return true;
    }
    return false;
  }

  private end(id: string): void {
    if (!this.open.delete(id)) return;
    for (const wake of [...this.waiters]) wake();
  }

  private expire(): void {
    const cutoff = Date.now() - EXPIRY_MS;
    for (const [id, txn] of this.open) if (txn.startedAt < cutoff) this.end(id);
  }
}
