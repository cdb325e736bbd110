import { createHash } from 'node:crypto';

// Cloud Storage reports two checksums of every object, base64-encoded: MD5 and CRC32C
// (Castagnoli, big-endian). The client checks both against what it sent and what it reads.

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32c(data: Buffer): string {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC32C_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const out = Buffer.alloc(4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return out.toString('base64');
}

export function md5(data: Buffer): string {
  return createHash('md5').update(data).digest('base64');
}
