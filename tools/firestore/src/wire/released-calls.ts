import type { ServerHttp2Stream } from 'node:http2';
import * as grpc from '@grpc/grpc-js';

/** The part of grpc-js's Server (build/src/server.js) this file mends. */
interface ServerInternals {
  /** Serves one HTTP/2 stream (one call); the Server's 'stream' handler without channelz. */
  _streamHandler(extraInterceptors: unknown, stream: ServerHttp2Stream, headers: unknown): void;
  releasesCalls?: true;
}

/**
 * A call's objects (grpc-js's call, its request and answer, its metadata) hang off the HTTP/2
 * stream's listeners. Under load Node's HTTP/2 leaves a closed stream's native handle to the
 * garbage collector (its last frames still on the socket), and V8's young collections hold
 * such a handle as live: the stream and all its listeners reach the old generation, where they
 * die. Measured on the engine (commits and reads from 8 clients): about 7 % of what it allocated
 * was promoted so, half of it gone with the listeners dropped at close. At the bench's large
 * size that garbage (about 10 MB a second while a broadcast sends) piled up to gigabytes, and a
 * heap full of it made each young collection, and every process beside it, slower
 * (docs/benchmarks.md). Dropped once the stream has closed, nothing of the call is left on it:
 * only the stream itself ages. grpc-js 1.14.7 is the newest; the handler is not part of its
 * API, so the test (test/released-calls.test.ts) holds this to the version installed.
 */
export function releaseClosedCalls(): void {
  const proto = grpc.Server.prototype as unknown as ServerInternals;
  if (proto.releasesCalls) return;
  const serve = proto._streamHandler;
  proto._streamHandler = function (this: ServerInternals, extraInterceptors, stream, headers) {
    // After every 'close' listener has run; an 'error' after it would find one.
    stream.once('close', () =>
      setImmediate(() => {
        stream.removeAllListeners();
        stream.on('error', () => {});
      }),
    );
    serve.call(this, extraInterceptors, stream, headers);
  };
  proto.releasesCalls = true;
}
