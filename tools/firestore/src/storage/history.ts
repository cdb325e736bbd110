import type { StoredDoc } from '../model/types.ts';

/** How far back reads at a past `readTime` can go: Firestore keeps versions for an hour. */
const RETENTION_MICROS = 60 * 60 * 1e6;
/** A bound on memory when a bulk load writes millions of versions within the hour. */
const MAX_ENTRIES = 2_000_000;

interface Change {
  time: number;
  key: string;
  /** The version the change replaced (undefined: the document did not exist). */
  before: StoredDoc | undefined;
}

/**
 * The recent changes of a database, oldest first, so that a read at a past time can undo the
 * changes made after it.
 */
export class ChangeLog {
  private changes: Change[] = [];
  private start = 0;
  /** Reads at or after this time can be answered. */
  private horizon = 0;

  record(time: number, key: string, before: StoredDoc | undefined): void {
    this.changes.push({ time, key, before });
    const cutoff = time - RETENTION_MICROS;
    while (
      this.start < this.changes.length &&
      (this.changes[this.start].time < cutoff || this.changes.length - this.start > MAX_ENTRIES)
    ) {
      this.horizon = this.changes[this.start].time;
      this.start++;
    }
    // Compact now and then instead of shifting on every write.
    if (this.start > 10_000 && this.start * 2 > this.changes.length) {
      this.changes = this.changes.slice(this.start);
      this.start = 0;
    }
  }

  canReadAt(time: number): boolean {
    return time >= this.horizon;
  }

  /**
   * The documents that changed after `time`, each with its version at `time` (undefined:
   * it did not exist then). Documents not in the map are as they are now.
   */
  viewAt(time: number): Map<string, StoredDoc | undefined> {
    const view = new Map<string, StoredDoc | undefined>();
    for (let i = this.changes.length - 1; i >= this.start && this.changes[i].time > time; i--) {
      view.set(this.changes[i].key, this.changes[i].before);
    }
    return view;
  }

  clear(): void {
    this.changes = [];
    this.start = 0;
    this.horizon = 0;
  }
}
