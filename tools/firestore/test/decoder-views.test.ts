// grpc-js's request decoder, as the engine mends it (src/wire/decoder-views.ts): once a message is
// whole it keeps no view into the chunk it came in, so a call that lives on does not keep the
// socket read that chunk is part of; messages still decode whole, split across chunks or not.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { releaseDecodedChunks } from '../src/wire/decoder-views.ts';

const require = createRequire(import.meta.url);
const { StreamDecoder } = require('@grpc/grpc-js/build/src/stream-decoder.js') as {
  StreamDecoder: new (maxLength: number) => {
    readCompressFlag: Buffer;
    readPartialMessage: Buffer[];
    write(data: Buffer): Buffer[];
  };
};

/** One gRPC message as framed on the wire: a compression flag, a 4-byte length, the bytes. */
function framed(body: string): Buffer {
  const bytes = Buffer.from(body);
  const head = Buffer.alloc(5);
  head.writeUInt32BE(bytes.length, 1);
  return Buffer.concat([head, bytes]);
}

/** A chunk as Node's HTTP/2 hands it: a view into a larger read holding other frames too. */
function viewInRead(frames: Buffer): Buffer {
  const read = Buffer.alloc(frames.length + 64 * 1024);
  frames.copy(read, 100);
  return read.subarray(100, 100 + frames.length);
}

releaseDecodedChunks();

describe('the request decoder (grpc-js, as the engine mends it)', () => {
  it('keeps no view into the chunk once a message is whole', () => {
    const decoder = new StreamDecoder(-1);
    const chunk = viewInRead(framed('a commit'));
    const [message] = decoder.write(chunk);
    expect(message.subarray(5).toString()).toBe('a commit');
    expect(message.buffer).not.toBe(chunk.buffer);
    expect(decoder.readCompressFlag.buffer).not.toBe(chunk.buffer);
    expect(decoder.readPartialMessage).toEqual([]);
  });

  it('decodes a message split across chunks, and two in one chunk', () => {
    const decoder = new StreamDecoder(-1);
    const whole = framed('split across two reads');
    expect(decoder.write(viewInRead(whole.subarray(0, 9)))).toEqual([]);
    const [split] = decoder.write(viewInRead(whole.subarray(9)));
    expect(split.subarray(5).toString()).toBe('split across two reads');
    const two = decoder.write(viewInRead(Buffer.concat([framed('one'), framed('')])));
    expect(two.map((m) => m.subarray(5).toString())).toEqual(['one', '']);
    expect(decoder.readPartialMessage).toEqual([]);
  });

  it('mends the decoder once, however many servers start', () => {
    const write = StreamDecoder.prototype.write;
    releaseDecodedChunks();
    expect(StreamDecoder.prototype.write).toBe(write);
  });
});
