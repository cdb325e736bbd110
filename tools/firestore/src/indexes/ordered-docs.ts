import { getField } from '../model/field-paths.ts';
import { docComparator, sortByKeys, type OrderedField } from '../model/sort-keys.ts';
import type { StoredDoc } from '../model/types.ts';

/** How a kept order sorts and which documents have a place in it. */
export interface DocOrder {
  /** Names the order: queries with the same signature share one kept order. */
  readonly signature: string;
  /** The fields it orders by, in turn (`path` null: the document name). */
  readonly orderBy: readonly OrderedField[];
  /** A total order (it ends with the document name, so no two documents compare equal). */
  readonly compare: (a: StoredDoc, b: StoredDoc) => number;
  /** Many documents (each holding every ordered field) as `compare` orders them, sorted faster. */
  readonly sort: (docs: StoredDoc[]) => StoredDoc[];
  /** A document has a place when it has every ordered field (a query never returns the others). */
  readonly holds: (doc: StoredDoc) => boolean;
}

/** The kept order of a query's `orderBy` (its explicit and implicit fields, `__name__` last). */
export function docOrder(orderBy: readonly OrderedField[]): DocOrder {
  const fields = orderBy.flatMap((o) => (o.path === null ? [] : [o.path]));
  return {
    // JSON tells a field named `a.b` from the field b of map a.
    signature: orderBy
      .map(
        (o) =>
          `${o.path === null ? '__name__' : JSON.stringify(o.path)}:${o.desc ? 'desc' : 'asc'}`,
      )
      .join('|'),
    orderBy,
    compare: docComparator(orderBy),
    sort: (docs) => sortByKeys(docs, orderBy),
    holds: (doc) => fields.every((p) => getField(doc.fields, p) !== undefined),
  };
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

/**
 * One collection's documents in one query order — what the real Firestore keeps as an index —
 * so a page of an ordered query reads from its cursor instead of scanning the collection.
 * Sorted once when first asked for, then kept up to date write by write.
 */
export class OrderedDocs {
  /** Sorted runs that together are the order; none is empty or longer than MAX_RUN. */
  private runs: StoredDoc[][] = [];

  constructor(
    private readonly order: DocOrder,
    docs: Iterable<StoredDoc>,
  ) {
    const held: StoredDoc[] = [];
    for (const doc of docs) if (order.holds(doc)) held.push(doc);
    const sorted = order.sort(held);
    // Half-full runs leave room for inserts before the first split.
    for (let i = 0; i < sorted.length; i += MAX_RUN / 2) {
      this.runs.push(sorted.slice(i, i + MAX_RUN / 2));
    }
  }

  /**
   * The documents in order, from the first one `isBefore` is false for. `isBefore` must be
   * true for a leading part of the order and false after it (a start cursor is).
   */
  *from(isBefore: (doc: StoredDoc) => boolean): Iterable<StoredDoc> {
    let [r, i] = this.locate(isBefore);
    for (; r < this.runs.length; r++, i = 0) {
      const run = this.runs[r];
      for (; i < run.length; i++) yield run[i];
    }
  }

  /** Takes a write into account: `before` leaves its place, `after` takes its own. */
  replace(before: StoredDoc | undefined, after: StoredDoc | undefined): void {
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
