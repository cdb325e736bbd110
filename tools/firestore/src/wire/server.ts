import net from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { createControlServer } from './control-http.ts';
import { Engine } from '../engine.ts';
import { IndexRules, type IndexFile } from '../indexes/index-rules.ts';
import { releaseDecodedChunks } from './decoder-views.ts';
import { releaseClosedCalls } from './released-calls.ts';
import { loadFirestoreService } from './protos.ts';
import { firestoreHandlers } from './service.ts';

export interface EmbeddedFirestoreOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /**
   * An index file (firestore.indexes.json: its path or content): queries it does not serve fail
   * as production fails them, and so do writes of documents with too many index entries.
   */
  indexes?: string | IndexFile;
  /**
   * Fills the engine before the port opens (a restore of kept data): a client that connects
   * meanwhile would otherwise read an empty database, and a session checked then looks ended.
   */
  beforeListen?: (engine: Engine) => Promise<void>;
}

export interface EmbeddedFirestore {
  /** host:port, the value for FIRESTORE_EMULATOR_HOST */
  host: string;
  port: number;
  engine: Engine;
  close(): Promise<void>;
}

const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0');

/**
 * Serves gRPC (HTTP/2) and the control calls (HTTP/1.1) on one port, like the official
 * emulator: each connection is routed by its first bytes.
 */
export async function startEmbeddedFirestore(
  options: EmbeddedFirestoreOptions = {},
): Promise<EmbeddedFirestore> {
  const { indexes } = options;
  releaseDecodedChunks();
  releaseClosedCalls();
  const engine = new Engine(
    indexes === undefined
      ? undefined
      : typeof indexes === 'string'
        ? IndexRules.fromFile(indexes)
        : new IndexRules(indexes),
  );
  const grpcServer = new grpc.Server({
    'grpc.max_receive_message_length': -1,
    'grpc.max_send_message_length': -1,
    // Channelz (grpc-js's call statistics, never read here) costs each call objects of its own.
    'grpc.enable_channelz': 0,
  });
  grpcServer.addService(loadFirestoreService(), firestoreHandlers(engine));
  const injector = grpcServer.createConnectionInjector(grpc.ServerCredentials.createInsecure());
  const control = createControlServer(engine);
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('readable', () => {
      const head = socket.read() as Buffer | null;
      if (head === null) return;
      socket.unshift(head);
      const isHttp2 = head
        .subarray(0, HTTP2_PREFACE.length)
        .equals(HTTP2_PREFACE.subarray(0, Math.min(head.length, HTTP2_PREFACE.length)));
      if (isHttp2) injector.injectConnection(socket);
      else control.emit('connection', socket);
    });
  });
  const host = options.host ?? '127.0.0.1';
  await options.beforeListen?.(engine);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    host: `${host}:${port}`,
    port,
    engine,
    close: async () => {
      injector.destroy();
      grpcServer.forceShutdown();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
