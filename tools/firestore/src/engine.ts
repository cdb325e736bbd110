import { aggregate, counted, countsOnly, type Aggregation } from './query/aggregate.ts';
import { GrpcError, Status } from './model/errors.ts';
import { parseFieldPath } from './model/field-paths.ts';
import { ListenStream, toDocumentProto, type DocChange } from './listen.ts';
import {
  compileQuery,
  executeQuery,
  parentKeyOf,
  projected,
  type CompiledQuery,
} from './query/query.ts';
import type { IndexRules } from './indexes/index-rules.ts';
import { indexLookups } from './query/index-lookups.ts';
import {
  Database,
  type AnsweredAggregation,
  type Counters,
  type QueryPage,
} from './storage/store.ts';
import { answerKey, type KeptAnswers } from './storage/kept-answers.ts';
import type { DocOrder } from './indexes/ordered-docs.ts';
import { toTimestamp } from './model/timestamps.ts';
import { Transactions } from './transactions.ts';
import type {
  Document,
  StoredDoc,
  StructuredQuery,
  Timestamp,
  TransactionOptions,
  Value,
  Write,
} from './model/types.ts';
import { timestampMicros } from './model/values.ts';
import { applyWrite, documentKey } from './writes.ts';

/**
 * A count of every match of equality filters, from the collection's kept count index: what
 * Firestore counts from index entries without reading documents. Undefined when no count index
 * answers it (a cursor, a limit, a collection group, other filters).
 */
function keptCount(db: Database, q: CompiledQuery): number | undefined {
  if (!q.counting || !q.unordered || q.allDescendants || q.start || q.end) return undefined;
  return db.countIndex(q.parentKey, q.collectionId, q.counting.shape)?.count(q.counting.keys);
}

/**
 * The answer kept for `request` (the read it stands for uses its indexes and `order` again:
 * Database.usedAgain), else `read()`'s, kept from now on; without `kept`, always `read()`'s.
 */
function keptOr<T>(
  db: Database,
  kept: KeptAnswers<T> | undefined,
  request: unknown,
  compiled: CompiledQuery,
  order: DocOrder | undefined,
  read: () => T,
): T {
  if (!kept) return read();
  const key = answerKey(request);
  const answered = kept.get(key);
  if (answered) {
    db.usedAgain(compiled.parentKey, compiled.collectionId, compiled.lookups, order);
    return answered;
  }
  const answer = read();
  kept.set(key, answer, compiled);
  return answer;
}

const DATABASE_PATH = /^projects\/([^/]+)\/databases\/([^/]+)/;

/** How a read is tied to a transaction, as every read request can say. */
export interface ReadConsistency {
  transaction?: Uint8Array;
  newTransaction?: TransactionOptions;
  readTime?: Timestamp;
}

export interface ReadContext {
  txnId?: Buffer;
  /** Set when the read started the transaction: the answer must carry its id. */
  newTxn?: Buffer;
  /** For a read at a past time: the documents changed since, as they were then. */
  view?: Map<string, StoredDoc | undefined>;
}

export interface CommitResult {
  /** A delete's result has no update time (the document has none any more). */
  writeResults: { updateTime?: Timestamp; transformResults: Value[] }[];
  commitTime: Timestamp;
}

/**
 * Hears of every change before it is acknowledged: a commit's answer waits for `committed`
 * (the durable store journals the change there), and so does a clear's.
 */
export interface ChangeSink {
  committed(db: Database, changes: DocChange[], commitTime: number): Promise<void>;
  cleared(db: Database): Promise<void>;
  /** The project's data is about to be replaced wholesale (an import through the control call). */
  replacing(project: string): void;
  /** The project's data was replaced wholesale by the export in `folder`. */
  replaced(project: string, folder: string): Promise<void>;
  /** Queries asked for a kept order or value index not asked for before (Database.onNewAsk). */
  asked(db: Database): void;
}

/** All state of the server: databases by path, open transactions, listeners. */
export class Engine {
  private databases = new Map<string, Database>();

  /** With index rules, queries no index serves and documents with too many entries fail. */
  constructor(private readonly indexRules?: IndexRules) {}

  readonly transactions = new Transactions();
  private streams = new Set<ListenStream>();
  changeSink: ChangeSink | undefined;

  /** The database a resource name belongs to (created on first use, as the emulator does). */
  database(resourceName: string | undefined): Database {
    const m = DATABASE_PATH.exec(resourceName ?? '');
    if (!m)
      throw new GrpcError(Status.INVALID_ARGUMENT, `Invalid resource name: ${resourceName ?? ''}`);
    const path = m[0];
    let db = this.databases.get(path);
    if (!db) {
      const created = new Database(path, this.indexRules);
      created.onNewAsk = () => this.changeSink?.asked(created);
      this.databases.set(path, (db = created));
    }
    return db;
  }

  databasesOf(project: string): Database[] {
    return [...this.databases.values()].filter((db) => db.path.startsWith(`projects/${project}/`));
  }

  counters(project: string): Counters {
    const total: Counters = { reads: 0, writes: 0, deletes: 0 };
    for (const db of this.databasesOf(project)) {
      total.reads += db.counters.reads;
      total.writes += db.counters.writes;
      total.deletes += db.counters.deletes;
    }
    return total;
  }

  resetCounters(project: string): void {
    for (const db of this.databasesOf(project))
      Object.assign(db.counters, { reads: 0, writes: 0, deletes: 0 });
  }

  clear(db: Database): Promise<void> {
    this.forget(db);
    return this.changeSink?.cleared(db) ?? Promise.resolve();
  }

  /** Clears without telling the change sink: for an import, which ends in `replaced`. */
  forget(db: Database): void {
    db.clear();
    this.transactions.clear(db);
  }

  /**
   * Resolves how a read is done: in which transaction (starting one when asked) and at which
   * time. A read at a past time gets a view of the documents changed since, from the log.
   */
  readContext(db: Database, c: ReadConsistency): ReadContext {
    let txnId: Buffer | undefined;
    let newTxn: Buffer | undefined;
    if (c.newTransaction) txnId = newTxn = this.transactions.begin(db, c.newTransaction);
    else if (c.transaction) txnId = Buffer.from(c.transaction);
    const readTime = c.readTime
      ? timestampMicros(c.readTime)
      : txnId && this.transactions.get(db, txnId).readTime;
    if (readTime === undefined || readTime >= db.lastCommitTime) return { txnId, newTxn };
    if (!db.history.canReadAt(readTime)) {
      throw new GrpcError(
        Status.FAILED_PRECONDITION,
        'readTime is older than the versions this server keeps (one hour)',
      );
    }
    return { txnId, newTxn, view: db.history.viewAt(readTime) };
  }

  getDocuments(
    db: Database,
    names: string[],
    mask: string[] | undefined,
    { txnId, view }: ReadContext,
  ) {
    const txn = txnId && this.transactions.get(db, txnId);
    const projection = mask?.map(parseFieldPath);
    return names.map((name) => {
      const key = documentKey(db, name);
      const doc = view?.has(key) ? view.get(key) : db.get(key);
      db.counters.reads++;
      if (txn) this.transactions.recordRead(txn, key, doc);
      return { name, doc: doc && projected(doc, projection) };
    });
  }

  runQuery(
    db: Database,
    parent: string,
    query: StructuredQuery,
    { txnId, view }: ReadContext,
  ): StoredDoc[] {
    const compiled = compileQuery(db, parent, query);
    const { docs, skipped } = this.page(db, compiled, query, view);
    db.counters.reads += Math.max(1, docs.length + skipped);
    if (txnId) this.transactions.recordQuery(this.transactions.get(db, txnId), compiled, docs);
    return docs.map((d) => projected(d, compiled.projection));
  }

  /**
   * A query's page, kept with its collection until a write that can change it (KeptAnswers):
   * a team asks the same searches and first pages again and again, and each read of a search
   * walks thousands of documents at the large size. Only a page with a limit (every match of a
   * listing would be held as long as no write touched it), and not a read at a past time, a
   * collection group's, a vector search, or a page after a cursor (an export's thousand-document
   * pages, asked once each, would only push the others out).
   */
  private page(
    db: Database,
    compiled: CompiledQuery,
    query: StructuredQuery,
    view: ReadContext['view'],
  ): QueryPage {
    const keepable =
      compiled.limit !== undefined &&
      !view &&
      !compiled.allDescendants &&
      !compiled.nearest &&
      !compiled.start;
    const kept = keepable ? db.keptPages(compiled.parentKey, compiled.collectionId) : undefined;
    return keptOr(db, kept, query, compiled, compiled.order, () =>
      executeQuery(db, compiled, view),
    );
  }

  /**
   * What a query's run needs before it, done between other work: the documents of the values
   * its filters name, where the field's whole value index would not fit (Database.prepareLookups).
   * A query the run will refuse is left to it.
   */
  async prepareQuery(db: Database, parent: string, query: StructuredQuery): Promise<void> {
    const from = query.from ?? [];
    if (from.length !== 1 || from[0].allDescendants) return;
    let parentKey: string;
    try {
      parentKey = parentKeyOf(db, parent);
    } catch {
      return;
    }
    await db.prepareLookups(parentKey, from[0].collectionId ?? '', indexLookups(query.where));
  }

  runAggregation(
    db: Database,
    parent: string,
    query: StructuredQuery,
    aggregations: Aggregation[],
    { view }: ReadContext,
  ): Record<string, Value> {
    const compiled = compileQuery(db, parent, query, { aggregation: true });
    const answered =
      view || compiled.allDescendants
        ? undefined
        : db.answeredAggregations(compiled.parentKey, compiled.collectionId);
    const answer = keptOr(db, answered, [query, aggregations], compiled, undefined, () =>
      this.aggregated(db, compiled, aggregations, view),
    );
    db.counters.reads += Math.max(1, Math.ceil(answer.matches / 1000));
    return answer.result;
  }

  /** Counts from a kept count index where one answers, else over the matching documents. */
  private aggregated(
    db: Database,
    compiled: CompiledQuery,
    aggregations: Aggregation[],
    view: ReadContext['view'],
  ): AnsweredAggregation {
    const indexed = !view && countsOnly(aggregations) ? keptCount(db, compiled) : undefined;
    if (indexed !== undefined) return { result: counted(indexed, aggregations), matches: indexed };
    const { docs } = executeQuery(db, compiled, view);
    return { result: aggregate(docs, aggregations), matches: docs.length };
  }

  /** Applies every write or none: later writes in a commit see the earlier ones. */
  /** Plain writes first wait for the locks of transactions that read their documents. */
  async commit(
    db: Database,
    writes: Write[],
    txnId: Uint8Array | undefined,
  ): Promise<CommitResult> {
    if (!txnId)
      await this.transactions.waitForLocks(
        db,
        writes.map((w) => this.keyOf(db, w)),
      );
    const { result, stored } = this.apply(db, writes, txnId);
    await stored;
    return result;
  }

  private keyOf(db: Database, w: Write): string {
    return documentKey(db, w.update?.name ?? w.delete ?? w.verify ?? w.transform?.document);
  }

  /** `stored` settles when the change sink has taken the change (on disk, for the journal). */
  private apply(
    db: Database,
    writes: Write[],
    txnId: Uint8Array | undefined,
  ): { result: CommitResult; stored: Promise<void> } {
    if (txnId) {
      if (writes.length > 0 && this.transactions.get(db, txnId).readOnly) {
        throw new GrpcError(Status.INVALID_ARGUMENT, 'Cannot write in a read-only transaction');
      }
      this.transactions.finish(db, txnId);
    }
    const commitTime = db.nextCommitTime();
    const pending = new Map<string, StoredDoc | undefined>();
    const results = writes.map((w) => {
      const key = this.keyOf(db, w);
      const current = pending.has(key) ? pending.get(key) : db.get(key);
      const outcome = applyWrite(db, w, current, commitTime);
      if (outcome.changes && outcome.doc) db.indexRules?.checkEntries(key, outcome.doc.fields);
      if (outcome.changes) pending.set(key, outcome.doc);
      return outcome;
    });
    const stored = this.store(db, pending, commitTime);
    for (const w of writes) {
      if (w.verify !== undefined) continue;
      if (w.delete !== undefined) db.counters.deletes++;
      else db.counters.writes++;
    }
    const result = {
      writeResults: results.map((r, i) => ({
        updateTime:
          writes[i].delete !== undefined
            ? undefined
            : toTimestamp(r.doc && !r.changes ? r.doc.updateTime : commitTime),
        transformResults: r.transformResults,
      })),
      commitTime: toTimestamp(commitTime),
    };
    return { result, stored };
  }

  /** BatchWrite: each write on its own, with its own status. */
  async batchWrite(db: Database, writes: Write[]) {
    await this.transactions.waitForLocks(
      db,
      writes.flatMap((w) => {
        try {
          return [this.keyOf(db, w)];
        } catch {
          return []; // An invalid name fails on its own below.
        }
      }),
    );
    const writeResults: { updateTime?: Timestamp; transformResults?: Value[] }[] = [];
    const status: { code: number; message?: string }[] = [];
    const stored: Promise<void>[] = [];
    for (const w of writes) {
      try {
        const r = this.apply(db, [w], undefined);
        stored.push(r.stored);
        writeResults.push(r.result.writeResults[0]);
        status.push({ code: Status.OK });
      } catch (err) {
        if (!(err instanceof GrpcError)) throw err;
        writeResults.push({});
        status.push({ code: err.code, message: err.message });
      }
    }
    await Promise.all(stored);
    return { writeResults, status };
  }

  private store(
    db: Database,
    pending: Map<string, StoredDoc | undefined>,
    commitTime: number,
  ): Promise<void> {
    const changes: DocChange[] = [];
    for (const [key, doc] of pending) {
      db.put(key, doc, commitTime);
      changes.push({ key, after: doc });
    }
    if (changes.length === 0) return Promise.resolve();
    // Handed over before anything else can commit, so the sink sees commits in their order.
    const stored = this.changeSink?.committed(db, changes, commitTime) ?? Promise.resolve();
    for (const stream of this.streams) if (stream.db === db) stream.onCommit(changes, commitTime);
    return stored;
  }

  openListen(stream: ListenStream): () => void {
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  listDocuments(
    db: Database,
    parent: string,
    collectionId: string,
    options: { pageSize?: number; pageToken?: string; showMissing?: boolean; mask?: string[] },
  ): { documents: Document[]; nextPageToken: string } {
    const parentKey = parentKeyOf(db, parent);
    const collectionPath = parentKey === '' ? collectionId : `${parentKey}/${collectionId}`;
    const after = options.pageToken
      ? Buffer.from(options.pageToken, 'base64url').toString()
      : undefined;
    let slots = db.slots(collectionPath).filter((s) => s.doc || options.showMissing);
    if (after !== undefined) slots = slots.filter((s) => s.key > after);
    const size = options.pageSize && options.pageSize > 0 ? options.pageSize : slots.length;
    const page = slots.slice(0, size);
    const projection = options.mask?.map(parseFieldPath);
    db.counters.reads += Math.max(1, page.filter((s) => s.doc).length);
    return {
      documents: page.map((s) =>
        s.doc ? toDocumentProto(projected(s.doc, projection)) : { name: db.nameOf(s.key) },
      ),
      nextPageToken:
        slots.length > size ? Buffer.from(page[page.length - 1].key).toString('base64url') : '',
    };
  }

  listCollectionIds(db: Database, parent: string, pageSize?: number, pageToken?: string) {
    let ids = db.collectionIds(parentKeyOf(db, parent));
    if (pageToken) ids = ids.filter((id) => id > pageToken);
    const size = pageSize && pageSize > 0 ? pageSize : ids.length;
    return {
      collectionIds: ids.slice(0, size),
      nextPageToken: ids.length > size ? ids[size - 1] : '',
    };
  }
}
