import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The part of grpc-js's message decoder (build/src/stream-decoder.js) this file mends. */
interface StreamDecoderState {
  /** 0: between messages (ReadState.NO_DATA). */
  readState: number;
  readCompressFlag: Buffer;
  readPartialMessage: Buffer[];
  write(data: Buffer): Buffer[];
}

const BETWEEN_MESSAGES = 0;
const NO_FLAG = Buffer.alloc(1);

/**
 * grpc-js's server decodes each call's request from the HTTP/2 DATA chunks Node hands it, and
 * Node hands them as views into the ArrayBuffer of a whole socket read (up to 64 KB of frames of
 * many calls). After a message the decoder keeps its last views (the compression flag's byte, the
 * message's pieces) until the call's next message, which a unary call never has: every call kept
 * a whole socket read alive for as long as the call object lived. Call objects outlive two young
 * collections under load and die in the old generation, where V8 counts the reads they kept as
 * external memory; at the large size that started a full collection of the engine's whole heap
 * (5-6 GB, 13 s with its thread mostly marking) every minute or two of a broadcast
 * (tools/firestore/README.md, "No buffers left to age"). Dropped once a message is whole, they
 * die with the read. grpc-js 1.14.7 is the newest; the decoder is not part of its API, so the
 * test (test/decoder-views.test.ts) holds this to the version installed.
 */
export function releaseDecodedChunks(): void {
  const { StreamDecoder } = require('@grpc/grpc-js/build/src/stream-decoder.js') as {
    StreamDecoder: { prototype: StreamDecoderState & { releasesChunks?: true } };
  };
  const proto = StreamDecoder.prototype;
  if (proto.releasesChunks) return;
  const write = proto.write;
  proto.write = function (this: StreamDecoderState, data: Buffer) {
    const messages = write.call(this, data);
    if (this.readState === BETWEEN_MESSAGES) {
      this.readCompressFlag = NO_FLAG;
      this.readPartialMessage = [];
    }
    return messages;
  };
  proto.releasesChunks = true;
}
