// Flushing to the disk (fsync), for the local services that must keep what they acknowledged
// across a kill -9 or a crash: the embedded Firestore's exports, the local Cloud Storage and
// the stack's Auth keeper.
import { open } from 'node:fs/promises';

async function flush(target: string, flags: 'w' | 'r' | 'r+', data?: string | Buffer) {
  const handle = await open(target, flags);
  try {
    if (data !== undefined) await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes a new file and flushes it: a rename after it then never names a half-written file. */
export const writeSynced = (file: string, data: string | Buffer) => flush(file, 'w', data);

/** Flushes a file already written. */
export const syncFile = (file: string) => flush(file, 'r+');

/** Flushes a folder's entries: a file created, renamed or removed in it stays so after a crash. */
export const syncFolder = (dir: string) => flush(dir, 'r');
