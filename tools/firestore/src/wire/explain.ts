// Query Explain (`explain_options` on RunQuery and RunAggregationQuery; the SDK's
// `query.explain({ analyze })`): the plan names the indexes that serve the query, as the index
// rules find them; with `analyze`, the query runs and its results come with execution stats:
// results returned, time taken, read operations billed (the counters' rule), and debug stats
// (index entries and documents scanned, billing details). Without analyze nothing is run and
// nothing is billed, as in production.
import type { Aggregation } from '../query/aggregate.ts';
import type { Engine } from '../engine.ts';
import { IndexRules, type PlannedIndex } from '../indexes/index-rules.ts';
import { toDocumentProto } from '../listen.ts';
import { compileQuery, executeQuery, projected, type CompiledQuery } from '../query/query.ts';
import type { Database } from '../storage/store.ts';
import type { StructuredQuery } from '../model/types.ts';

export interface ExplainOptions {
  analyze?: boolean;
}

/** Used without an index file: only automatic indexes, anything else planned as needed. */
const AUTOMATIC_INDEXES = new IndexRules({});

function planSummary(db: Database, compiled: CompiledQuery) {
  const indexes: PlannedIndex[] = db.indexRules
    ? db.indexRules.plan(compiled.shape)
    : AUTOMATIC_INDEXES.plan(compiled.shape, { lenient: true });
  return { indexesUsed: indexes.map(struct) };
}

interface Stats {
  resultsReturned: number;
  startedAt: bigint;
  readOperations: number;
  indexEntriesScanned: number;
  documentsScanned: number;
}

function executionStats(s: Stats) {
  const nanos = process.hrtime.bigint() - s.startedAt;
  return {
    // Numbers: RunQuery's answers are encoded directly by protobufjs (protos.ts).
    resultsReturned: s.resultsReturned,
    executionDuration: {
      seconds: Number(nanos / 1_000_000_000n),
      nanos: Number(nanos % 1_000_000_000n),
    },
    readOperations: s.readOperations,
    debugStats: struct({
      index_entries_scanned: String(s.indexEntriesScanned),
      documents_scanned: String(s.documentsScanned),
      billing_details: {
        documents_billable: String(s.documentsScanned),
        index_entries_billable: String(s.indexEntriesScanned),
        small_ops: '0',
        // A query that returns nothing is still billed one read.
        min_query_cost: String(s.readOperations > s.documentsScanned ? 1 : 0),
      },
    }),
  };
}

/** RunQuery with explain options: the plan, and with analyze the documents and their stats. */
export function explainQuery(
  db: Database,
  parent: string,
  query: StructuredQuery,
  options: ExplainOptions,
  readTime: object,
  write: (msg: object) => void,
): void {
  const compiled = compileQuery(db, parent, query);
  const plan = planSummary(db, compiled);
  if (!options.analyze) {
    // No read time either: the SDK answers a snapshot for a response that has one.
    write({ explainMetrics: { planSummary: plan } });
    return;
  }
  const startedAt = process.hrtime.bigint();
  const { docs, skipped } = executeQuery(db, compiled);
  const scanned = docs.length + skipped;
  const readOperations = Math.max(1, scanned);
  db.counters.reads += readOperations;
  for (const doc of docs)
    write({ document: toDocumentProto(projected(doc, compiled.projection)), readTime });
  const stats = {
    resultsReturned: docs.length,
    startedAt,
    readOperations,
    indexEntriesScanned: scanned,
    documentsScanned: scanned,
  };
  write({ explainMetrics: { planSummary: plan, executionStats: executionStats(stats) }, readTime });
}

/** RunAggregationQuery with explain options: aggregations read index entries, not documents. */
export function explainAggregation(
  engine: Engine,
  db: Database,
  parent: string,
  query: StructuredQuery,
  aggregations: Aggregation[],
  options: ExplainOptions,
  readTime: object,
  write: (msg: object) => void,
): void {
  const compiled = compileQuery(db, parent, query, { aggregation: true });
  const plan = planSummary(db, compiled);
  if (!options.analyze) {
    // No read time either: the SDK answers a snapshot for a response that has one.
    write({ explainMetrics: { planSummary: plan } });
    return;
  }
  const startedAt = process.hrtime.bigint();
  const readsBefore = db.counters.reads;
  const fields = engine.runAggregation(db, parent, query, aggregations, {});
  const readOperations = db.counters.reads - readsBefore;
  // The entries the aggregation matched (a kept count index answers without reading them,
  // as Firestore's index does; the count of entries is the same).
  const entries = executeQuery(db, compiled).docs.length;
  write({ result: { aggregateFields: fields }, readTime });
  const stats = {
    resultsReturned: 1,
    startedAt,
    readOperations,
    indexEntriesScanned: entries,
    documentsScanned: 0,
  };
  write({ explainMetrics: { planSummary: plan, executionStats: executionStats(stats) }, readTime });
}

type Plain = string | number | boolean | { [key: string]: Plain };

/** A google.protobuf.Struct of plain values, as the protos carry free-form stats. */
function struct(value: { [key: string]: Plain } | PlannedIndex): object {
  const toValue = (v: Plain): object => {
    if (typeof v === 'string') return { stringValue: v };
    if (typeof v === 'number') return { numberValue: v };
    if (typeof v === 'boolean') return { boolValue: v };
    return { structValue: struct(v) };
  };
  return {
    fields: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toValue(v as Plain)])),
  };
}
