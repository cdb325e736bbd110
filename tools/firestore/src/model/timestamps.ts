import type { Timestamp } from './types.ts';

/** Our clock is in microseconds; the wire speaks seconds and nanos. */
export function toTimestamp(micros: number): Timestamp {
  const seconds = Math.floor(micros / 1e6);
  return { seconds: String(seconds), nanos: (micros - seconds * 1e6) * 1000 };
}

/** Resume tokens carry the commit time they stand for. */
export function resumeToken(micros: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(BigInt(micros));
  return b;
}
