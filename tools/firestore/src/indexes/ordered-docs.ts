import type { StoredDoc } from '../model/types.ts';

/** How a kept order sorts and which documents have a place in it. */
export interface DocOrder {
  /** Names the order: queries with the same signature share one kept order. */
  readonly signature: string;
  /** A total order (it ends with the document name, so no two documents compare equal). */
  readonly compare: (a: StoredDoc, b: StoredDoc) => number;
  /** A document has a place when it has every ordered field (a query never returns the others). */
  readonly holds: (doc: StoredDoc) => boolean;
}

/**
 * Runs are split in two past this length: an insert or removal moves at most one run's
 * entries, not the whole collection's (a plain array of 500,000 would move megabytes per write).
 */
const MAX_RUN = 1024;

/** The first index in [0, length) for which `test` is true, or `length`; `test` must be false then true. */
export function firstIndexWhere(length: number, test: (index: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Documents sorted at once in one step of a sliced sort: a few milliseconds' work. */
const PIECE = 2048;
/** Documents merged between two looks at the clock. */
const MERGE_STEP = 1024;

/** Two sorted pieces being merged into one. */
interface Merge {
  a: StoredDoc[];
  b: StoredDoc[];
  i: number;
  j: number;
  out: StoredDoc[];
}

/** A sort under way: what is left to sort, what is sorted, and the writes that came meanwhile. */
interface Sorting {
  unsorted: StoredDoc[];
  /** The first document of `unsorted` not yet in a piece. */
  next: number;
  /** Sorted pieces waiting to be merged, two at a time, oldest first. */
  pieces: StoredDoc[][];
  merge: Merge | undefined;
  /** Writes made during the sort, applied in turn once it is done. */
  writes: [StoredDoc | undefined, StoredDoc | undefined][];
}

/**
 * One collection's documents in one query order — what the real Firestore keeps as an index —
 * so a page of an ordered query reads from its cursor instead of scanning the collection.
 * Sorted when first asked for, then kept up to date write by write. A large collection is
 * sorted in steps (`sort`: pieces sorted, then merged two by two) between other work, as the
 * real Firestore builds an index in the background: until `ready`, queries read without it,
 * and writes wait in a list that is applied once the sort is done.
 */
export class OrderedDocs {
  /** Sorted runs that together are the order; none is empty or longer than MAX_RUN. */
  private runs: StoredDoc[][] = [];
  private sorting: Sorting | undefined;

  constructor(
    private readonly order: DocOrder,
    docs: Iterable<StoredDoc>,
  ) {
    const unsorted: StoredDoc[] = [];
    for (const doc of docs) if (order.holds(doc)) unsorted.push(doc);
    this.sorting = { unsorted, next: 0, pieces: [], merge: undefined, writes: [] };
  }

  /** Whether it is sorted: only then does it answer. */
  get ready(): boolean {
    return this.sorting === undefined;
  }

  /** Sorts on for about `ms` of the thread (one step at least); true once sorted. */
  sort(ms = Infinity): boolean {
    const deadline = performance.now() + ms;
    const sorting = this.sorting;
    if (!sorting) return true;
    const { compare } = this.order;
    // One step at least, however short the slice.
    do {
      if (sorting.next < sorting.unsorted.length) {
        const piece = sorting.unsorted.slice(sorting.next, sorting.next + PIECE).sort(compare);
        sorting.next += PIECE;
        sorting.pieces.push(piece);
      } else if (sorting.merge) {
        if (mergeSome(sorting.merge, compare)) {
          sorting.pieces.push(sorting.merge.out);
          sorting.merge = undefined;
        }
      } else if (sorting.pieces.length > 1) {
        const [a, b] = sorting.pieces.splice(0, 2);
        sorting.merge = { a, b, i: 0, j: 0, out: [] };
      } else {
        this.finish(sorting.pieces[0] ?? [], sorting.writes);
        return true;
      }
    } while (performance.now() < deadline);
    return false;
  }

  private finish(sorted: StoredDoc[], writes: Sorting['writes']): void {
    this.sorting = undefined;
    // Half-full runs leave room for inserts before the first split.
    for (let i = 0; i < sorted.length; i += MAX_RUN / 2) {
      this.runs.push(sorted.slice(i, i + MAX_RUN / 2));
    }
    for (const [before, after] of writes) this.replace(before, after);
  }

  /**
   * The documents in order, from the first one `isBefore` is false for. `isBefore` must be
   * true for a leading part of the order and false after it (a start cursor is).
   */
  *from(isBefore: (doc: StoredDoc) => boolean): Iterable<StoredDoc> {
    if (this.sorting) throw new Error(`The kept order ${this.order.signature} is not sorted yet`);
    let [r, i] = this.locate(isBefore);
    for (; r < this.runs.length; r++, i = 0) {
      const run = this.runs[r];
      for (; i < run.length; i++) yield run[i];
    }
  }

  /** Takes a write into account: `before` leaves its place, `after` takes its own. */
  replace(before: StoredDoc | undefined, after: StoredDoc | undefined): void {
    if (this.sorting) {
      this.sorting.writes.push([before, after]);
      return;
    }
    const leaving = before && this.order.holds(before) ? before : undefined;
    const arriving = after && this.order.holds(after) ? after : undefined;
    if (leaving) {
      const [r, i] = this.locate((d) => this.order.compare(d, leaving) < 0);
      const run = this.runs[r];
      // The order is total, so the position found holds this very version.
      if (run?.[i] !== leaving) {
        throw new Error(`The kept order ${this.order.signature} lost ${leaving.key}`);
      }
      if (arriving && this.order.compare(leaving, arriving) === 0) {
        run[i] = arriving; // Same place: an update that left the ordered fields alone.
        return;
      }
      run.splice(i, 1);
      if (run.length === 0) this.runs.splice(r, 1);
    }
    if (arriving) this.insert(arriving);
  }

  private insert(doc: StoredDoc): void {
    let [r, i] = this.locate((d) => this.order.compare(d, doc) < 0);
    if (this.runs.length === 0) this.runs.push([]);
    if (r === this.runs.length) {
      r--;
      i = this.runs[r].length; // After everything: the end of the last run.
    }
    const run = this.runs[r];
    run.splice(i, 0, doc);
    if (run.length > MAX_RUN) this.runs.splice(r + 1, 0, run.splice(MAX_RUN / 2));
  }

  /** [run, index] of the first document `isBefore` is false for; [runs.length, 0] if none. */
  private locate(isBefore: (doc: StoredDoc) => boolean): [number, number] {
    const r = firstIndexWhere(this.runs.length, (k) => {
      const run = this.runs[k];
      return !isBefore(run[run.length - 1]);
    });
    if (r === this.runs.length) return [r, 0];
    return [r, firstIndexWhere(this.runs[r].length, (k) => !isBefore(this.runs[r][k]))];
  }
}

/** Merges up to MERGE_STEP more documents; true once both pieces are in `out`. */
function mergeSome(merge: Merge, compare: DocOrder['compare']): boolean {
  const { a, b, out } = merge;
  for (let n = 0; n < MERGE_STEP && merge.i < a.length && merge.j < b.length; n++) {
    out.push(compare(a[merge.i], b[merge.j]) <= 0 ? a[merge.i++] : b[merge.j++]);
  }
  if (merge.i < a.length && merge.j < b.length) return false;
  for (; merge.i < a.length; merge.i++) out.push(a[merge.i]);
  for (; merge.j < b.length; merge.j++) out.push(b[merge.j]);
  return true;
}
