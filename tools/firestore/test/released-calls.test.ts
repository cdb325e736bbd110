// grpc-js's server, as the engine mends it (src/wire/released-calls.ts): once a call's HTTP/2
// stream has closed, nothing of the call hangs off the stream (only a listener for a late
// error), so a stream left to age in the old generation keeps none of the call alive; the
// calls answer whole.
import type { ServerHttp2Stream } from 'node:http2';
import * as grpc from '@grpc/grpc-js';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseClosedCalls } from '../src/wire/released-calls.ts';
import { startEmbeddedFirestore, type EmbeddedFirestore } from '../src/wire/server.ts';
import { firestoreAt, sleep } from './helpers.ts';

type StreamHandler = (
  extraInterceptors: unknown,
  stream: ServerHttp2Stream,
  headers: unknown,
) => void;
const proto = grpc.Server.prototype as unknown as { _streamHandler: StreamHandler };

releaseClosedCalls();
const mended = proto._streamHandler;
const streams: ServerHttp2Stream[] = [];
let server: EmbeddedFirestore;
let db: Firestore;
let close: () => Promise<void>;

beforeAll(async () => {
  // Notes each call's stream on its way to the mended handler (the server binds it at start).
  proto._streamHandler = function (this: unknown, extraInterceptors, stream, headers) {
    streams.push(stream);
    mended.call(this, extraInterceptors, stream, headers);
  };
  server = await startEmbeddedFirestore({ port: 0 });
  ({ db, close } = firestoreAt(server.host, 'released-calls'));
});
afterAll(async () => {
  proto._streamHandler = mended;
  await close?.();
  await server?.close();
});

describe("the server's calls (grpc-js, as the engine mends it)", () => {
  it('leave nothing on their closed streams but a listener for errors, and answer whole', async () => {
    await db.doc('c/a').set({ n: 1 });
    expect((await db.doc('c/a').get()).get('n')).toBe(1);
    expect((await db.collection('c').get()).docs.map((d) => d.id)).toEqual(['a']);
    await expect(db.doc('c/a').create({ n: 2 })).rejects.toThrow(/exists/i);
    expect(streams.length).toBeGreaterThanOrEqual(4);
    // Each released after its 'close' listeners have run.
    for (let tries = 0; streams.some((s) => s.listenerCount('close') > 0) && tries < 100; tries++)
      await sleep(20);
    for (const stream of streams) {
      expect(stream.eventNames()).toEqual(['error']);
      expect(stream.listenerCount('error')).toBe(1);
    }
  });

  it('mends the server once, however many servers start', () => {
    const handler = proto._streamHandler;
    releaseClosedCalls();
    expect(proto._streamHandler).toBe(handler);
  });
});
