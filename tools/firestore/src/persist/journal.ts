import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';

/**
 * An append-only file of JSON lines. `append` resolves once its line is on disk (fdatasync):
 * lines appended while a flush runs go out together in the next one, so concurrent commits
 * share one sync instead of queueing one each. Lines are written in the order they were
 * appended, and a line that resolved was written whole.
 */
export class Journal {
  private pending: { line: string; done: () => void; failed: (err: Error) => void }[] = [];
  private flushing: Promise<void> | undefined;
  bytes = 0;

  private constructor(
    readonly file: string,
    private handle: FileHandle,
    private readonly onFailure: (err: Error) => void,
  ) {}

  /**
   * Opens (or creates) the file for appending. `onFailure` hears of a write that failed: the
   * caller's memory then holds changes the disk does not, which only a restart from disk mends.
   */
  static async open(file: string, onFailure: (err: Error) => void): Promise<Journal> {
    const handle = await open(file, 'a');
    const journal = new Journal(file, handle, onFailure);
    journal.bytes = (await handle.stat()).size;
    return journal;
  }

  append(record: object): Promise<void> {
    return new Promise((done, failed) => {
      this.pending.push({ line: `${JSON.stringify(record)}\n`, done, failed });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      const text = batch.map((p) => p.line).join('');
      try {
        this.bytes += await writeWhole(this.handle, text);
        await this.handle.datasync();
        for (const p of batch) p.done();
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err));
        for (const p of batch) p.failed(error);
        this.onFailure(error);
      }
    }
    this.flushing = undefined;
  }

  /** Waits for every line appended so far, then closes the file. */
  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.handle.close();
  }
}

/**
 * Writes `text` at the file's end; its bytes. A string goes to the file through memory of
 * Node's own (a Buffer would be an ArrayBuffer: V8 counts those, and an engine holding
 * gigabytes starts a full collection of its whole heap for every 64 MB of them left
 * unreachable in its old generation, which each commit's Buffer, kept across the sync's wait,
 * reached). A short write (a full disk) has its rest written from a Buffer.
 */
async function writeWhole(handle: FileHandle, text: string): Promise<number> {
  const { bytesWritten } = await handle.write(text);
  const bytes = Buffer.byteLength(text);
  if (bytesWritten < bytes) {
    const rest = Buffer.from(text).subarray(bytesWritten);
    for (let at = 0; at < rest.length;) at += (await handle.write(rest, at)).bytesWritten;
  }
  return bytes;
}

/**
 * The records of a journal file in order. A last line cut short (the process died while
 * writing it) was never acknowledged and is skipped.
 */
export async function* readJournal<T>(file: string): AsyncIterable<T> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let previous: string | undefined;
  for await (const line of lines) {
    if (previous !== undefined) yield JSON.parse(previous) as T;
    previous = line.trim() === '' ? undefined : line;
  }
  if (previous === undefined) return;
  let last: T;
  try {
    last = JSON.parse(previous) as T;
  } catch {
    return; // The torn tail of a write that never finished.
  }
  yield last;
}
