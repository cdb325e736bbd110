import { randomBytes } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type { Aggregation } from '../query/aggregate.ts';
import type { Engine, ReadConsistency } from '../engine.ts';
import { GrpcError, Status } from '../model/errors.ts';
import { explainAggregation, explainQuery, type ExplainOptions } from './explain.ts';
import { ListenStream, toDocumentProto, type ListenTarget } from '../listen.ts';
import type { Database } from '../storage/store.ts';
import { toTimestamp } from '../model/timestamps.ts';
import type {
  Document,
  Precondition,
  StructuredQuery,
  TransactionOptions,
  Write,
} from '../model/types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- request shapes come from the protos */
type Unary = (call: grpc.ServerUnaryCall<any, any>, callback: grpc.sendUnaryData<any>) => void;
type ServerStream = (call: grpc.ServerWritableStream<any, any>) => void;
type Duplex = (call: grpc.ServerDuplexStream<any, any>) => void;
/* eslint-enable @typescript-eslint/no-explicit-any */

function toServiceError(err: unknown): Partial<grpc.ServiceError> {
  if (err instanceof GrpcError)
    return { code: err.code, details: err.message, message: err.message };
  console.error('embedded-firestore: unexpected error', err);
  const message = err instanceof Error ? err.message : String(err);
  return { code: Status.INTERNAL, details: message, message };
}

function unary<Req>(handler: (req: Req) => object | Promise<object>): Unary {
  return (call, callback) => {
    Promise.resolve()
      .then(() => handler(call.request as Req))
      .then(
        (response) => callback(null, response),
        (err: unknown) => callback(toServiceError(err)),
      );
  };
}

function serverStream<Req>(
  handler: (req: Req, write: (msg: object) => void) => void | Promise<void>,
): ServerStream {
  return (call) => {
    const fail = (err: unknown) => call.emit('error', toServiceError(err));
    try {
      const answered = handler(call.request as Req, (msg) => call.write(msg));
      if (answered) answered.then(() => call.end(), fail);
      else call.end();
    } catch (err) {
      fail(err);
    }
  };
}

function unimplemented(what: string): Unary {
  return (_call, callback) =>
    callback({
      code: Status.UNIMPLEMENTED,
      details: `${what} is not supported by the embedded Firestore`,
    });
}

function readTimeOf(db: Database) {
  return toTimestamp(Math.max(Date.now() * 1000, db.lastCommitTime));
}

/** A mask that is present but empty asks for no fields at all; an absent one for all. */
function maskPaths(mask: { fieldPaths?: string[] } | undefined): string[] | undefined {
  return mask ? (mask.fieldPaths ?? []) : undefined;
}

function autoId(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(20)].map((b) => chars[b % chars.length]).join('');
}

interface DocumentRequest extends ReadConsistency {
  name?: string;
  mask?: { fieldPaths?: string[] };
}

interface QueryRequest extends ReadConsistency {
  parent?: string;
  explainOptions?: ExplainOptions;
  structuredQuery?: StructuredQuery;
  structuredAggregationQuery?: { structuredQuery?: StructuredQuery; aggregations?: Aggregation[] };
}

/** The gRPC handlers of google.firestore.v1.Firestore, over one Engine. */
export function firestoreHandlers(engine: Engine): grpc.UntypedServiceImplementation {
  const storedOrNotFound = (db: Database, name: string, mask?: string[]) => {
    const [result] = engine.getDocuments(db, [name], mask, {});
    if (!result.doc) throw new GrpcError(Status.NOT_FOUND, `Document not found: ${name}`);
    return toDocumentProto(result.doc);
  };

  const writeOne = async (db: Database, write: Write, mask?: string[]) => {
    await engine.commit(db, [write], undefined);
    const name = write.update?.name ?? '';
    return storedOrNotFound(db, name, mask);
  };

  const getDocument: Unary = unary((req: DocumentRequest) => {
    const db = engine.database(req.name);
    const context = engine.readContext(db, req);
    const [result] = engine.getDocuments(db, [req.name ?? ''], maskPaths(req.mask), context);
    if (!result.doc) throw new GrpcError(Status.NOT_FOUND, `Document not found: ${req.name}`);
    return toDocumentProto(result.doc);
  });

  const batchGetDocuments: ServerStream = serverStream(
    (
      req: {
        database?: string;
        documents?: string[];
        mask?: { fieldPaths?: string[] };
      } & ReadConsistency,
      write,
    ) => {
      const db = engine.database(req.database);
      const context = engine.readContext(db, req);
      const { newTxn } = context;
      const results = engine.getDocuments(db, req.documents ?? [], maskPaths(req.mask), context);
      const readTime = readTimeOf(db);
      if (results.length === 0 && newTxn) write({ transaction: newTxn, readTime });
      results.forEach((r, i) => {
        const base = i === 0 && newTxn ? { transaction: newTxn, readTime } : { readTime };
        write(r.doc ? { ...base, found: toDocumentProto(r.doc) } : { ...base, missing: r.name });
      });
    },
  );

  const runQuery: ServerStream = serverStream(async (req: QueryRequest, write) => {
    const db = engine.database(req.parent);
    if (req.explainOptions) {
      const query = req.structuredQuery ?? {};
      return explainQuery(db, req.parent ?? '', query, req.explainOptions, readTimeOf(db), write);
    }
    await engine.prepareQuery(db, req.parent ?? '', req.structuredQuery ?? {});
    const context = engine.readContext(db, req);
    const { newTxn } = context;
    const docs = engine.runQuery(db, req.parent ?? '', req.structuredQuery ?? {}, context);
    const readTime = readTimeOf(db);
    const first = newTxn ? { transaction: newTxn } : {};
    if (docs.length === 0) write({ ...first, readTime });
    docs.forEach((doc, i) =>
      write({ ...(i === 0 ? first : {}), document: toDocumentProto(doc), readTime }),
    );
  });

  const runAggregationQuery: ServerStream = serverStream(async (req: QueryRequest, write) => {
    const db = engine.database(req.parent);
    const agg = req.structuredAggregationQuery ?? {};
    if (!req.explainOptions)
      await engine.prepareQuery(db, req.parent ?? '', agg.structuredQuery ?? {});
    const context = engine.readContext(db, req);
    const { newTxn } = context;
    if (req.explainOptions) {
      const [query, aggregations] = [agg.structuredQuery ?? {}, agg.aggregations ?? []];
      const parent = req.parent ?? '';
      const readTime = readTimeOf(db);
      return explainAggregation(
        engine,
        db,
        parent,
        query,
        aggregations,
        req.explainOptions,
        readTime,
        write,
      );
    }
    const fields = engine.runAggregation(
      db,
      req.parent ?? '',
      agg.structuredQuery ?? {},
      agg.aggregations ?? [],
      context,
    );
    write({
      ...(newTxn ? { transaction: newTxn } : {}),
      result: { aggregateFields: fields },
      readTime: readTimeOf(db),
    });
  });

  const listen: Duplex = (call) => {
    // A target no index serves is removed with the cause, as Firestore does; the stream stays.
    const addTarget = (stream: ListenStream, target: ListenTarget) => {
      try {
        stream.addTarget(target);
      } catch (err) {
        if (!(err instanceof GrpcError) || err.code !== Status.FAILED_PRECONDITION) throw err;
        call.write({
          targetChange: {
            targetChangeType: 'REMOVE',
            targetIds: [target.targetId ?? 0],
            cause: { code: err.code, message: err.message },
          },
        });
      }
    };
    let stream: ListenStream | undefined;
    let close: (() => void) | undefined;
    const fail = (err: unknown) => {
      close?.();
      call.emit('error', toServiceError(err));
    };
    call.on(
      'data',
      (req: { database?: string; addTarget?: ListenTarget; removeTarget?: number }) => {
        try {
          if (!stream) {
            stream = new ListenStream(engine.database(req.database), (msg) => call.write(msg));
            close = engine.openListen(stream);
          }
          if (req.addTarget) addTarget(stream, req.addTarget);
          if (req.removeTarget !== undefined) stream.removeTarget(req.removeTarget);
        } catch (err) {
          fail(err);
        }
      },
    );
    const end = () => close?.();
    call.on('end', () => {
      end();
      call.end();
    });
    call.on('cancelled', end);
    call.on('error', end);
  };

  return {
    GetDocument: getDocument,
    ListDocuments: unary(
      (req: {
        parent?: string;
        collectionId?: string;
        pageSize?: number;
        pageToken?: string;
        showMissing?: boolean;
        mask?: { fieldPaths?: string[] };
      }) =>
        engine.listDocuments(
          engine.database(req.parent),
          req.parent ?? '',
          req.collectionId ?? '',
          {
            pageSize: req.pageSize,
            pageToken: req.pageToken,
            showMissing: req.showMissing,
            mask: maskPaths(req.mask),
          },
        ),
    ),
    CreateDocument: unary(
      (req: {
        parent?: string;
        collectionId?: string;
        documentId?: string;
        document?: Document;
        mask?: { fieldPaths?: string[] };
      }) => {
        const db = engine.database(req.parent);
        const name = `${req.parent}/${req.collectionId}/${req.documentId || autoId()}`;
        return writeOne(
          db,
          { update: { ...req.document, name }, currentDocument: { exists: false } },
          maskPaths(req.mask),
        );
      },
    ),
    UpdateDocument: unary(
      (req: {
        document?: Document;
        updateMask?: { fieldPaths?: string[] };
        mask?: { fieldPaths?: string[] };
        currentDocument?: Precondition;
      }) => {
        const db = engine.database(req.document?.name);
        const write: Write = {
          update: req.document,
          updateMask: req.updateMask,
          currentDocument: req.currentDocument,
        };
        return writeOne(db, write, maskPaths(req.mask));
      },
    ),
    DeleteDocument: unary(async (req: { name?: string; currentDocument?: Precondition }) => {
      await engine.commit(
        engine.database(req.name),
        [{ delete: req.name, currentDocument: req.currentDocument }],
        undefined,
      );
      return {};
    }),
    BatchGetDocuments: batchGetDocuments,
    BeginTransaction: unary((req: { database?: string; options?: TransactionOptions }) => ({
      transaction: engine.transactions.begin(engine.database(req.database), req.options),
    })),
    Commit: unary((req: { database?: string; writes?: Write[]; transaction?: Uint8Array }) => {
      const txn = req.transaction && req.transaction.length > 0 ? req.transaction : undefined;
      return engine.commit(engine.database(req.database), req.writes ?? [], txn);
    }),
    Rollback: unary((req: { database?: string; transaction?: Uint8Array }) => {
      engine.transactions.rollback(
        engine.database(req.database),
        req.transaction ?? new Uint8Array(),
      );
      return {};
    }),
    RunQuery: runQuery,
    RunAggregationQuery: runAggregationQuery,
    // A partition count is only a hint: one partition covering everything is a valid answer.
    PartitionQuery: unary((req: { parent?: string }) => {
      engine.database(req.parent);
      return { partitions: [] };
    }),
    Write: unimplemented('The Write stream'),
    Listen: listen,
    ListCollectionIds: unary((req: { parent?: string; pageSize?: number; pageToken?: string }) =>
      engine.listCollectionIds(
        engine.database(req.parent),
        req.parent ?? '',
        req.pageSize,
        req.pageToken,
      ),
    ),
    BatchWrite: unary((req: { database?: string; writes?: Write[] }) =>
      engine.batchWrite(engine.database(req.database), req.writes ?? []),
    ),
    ExecutePipeline: unimplemented('ExecutePipeline'),
  };
}
