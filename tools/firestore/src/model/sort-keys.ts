import { getField } from './field-paths.ts';
import type { StoredDoc, Value } from './types.ts';
import { comparePaths, compareValues, kindOf, rankOf } from './values.ts';

/** One field of an order; `path` null is the document's name. */
export interface OrderedField {
  path: string[] | null;
  desc: boolean;
}

/** The order compared value by value: field by field, compareValues, the name by comparePaths. */
export function docComparator(
  orderBy: readonly OrderedField[],
): (a: StoredDoc, b: StoredDoc) => number {
  return (a, b) => {
    for (const o of orderBy) {
      const c =
        o.path === null
          ? comparePaths(a.key, b.key)
          : compareValues(getField(a.fields, o.path)!, getField(b.fields, o.path)!);
      if (c !== 0) return o.desc ? -c : c;
    }
    return 0;
  };
}

/**
 * A surrogate: a code point beyond U+FFFF, which JS's `<` (by UTF-16 units) puts before
 * U+E000–U+FFFF, unlike UTF-8. Without one, `<` is the UTF-8 byte order.
 */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * One ordered field's values of the documents being sorted, read once, in columns: each value's
 * rank and the primitives its comparisons need, so that the many comparisons of a sort compare
 * numbers in contiguous arrays and plain strings, instead of walking each document's fields and
 * each Value's kinds (and chasing pointers across the heap) every time. Values no primitive
 * orders exactly are left to compareValues.
 */
class FieldColumn {
  readonly rank: Uint8Array;
  /** Numbers (NaN as -Infinity), booleans as 0 and 1, timestamps' seconds, latitudes. */
  readonly major: Float64Array;
  /** Timestamps' nanos, longitudes; -1 for NaN (which sorts before -Infinity). */
  readonly minor: Float64Array;
  /** Strings without a surrogate: JS's `<` is then their UTF-8 byte order. */
  readonly text: string[];
  /** 1: compare with compareValues (bytes, references, arrays, maps, vectors, other strings, integers beyond 2^53, NaN coordinates). */
  readonly generic: Uint8Array;
  readonly values: Value[];
  /**
   * A number that never decreases along the order of values of one rank (so two values whose
   * numbers differ are in that order, and equal numbers say nothing): their major, a
   * timestamp's seconds and nanos together, a string's first three units.
   */
  readonly coarse: Float64Array;
  /** Every value has one rank and none is compared by compareValues: `coarse` orders them. */
  uniform = true;

  constructor(docs: readonly StoredDoc[], path: string[]) {
    const n = docs.length;
    this.rank = new Uint8Array(n);
    this.major = new Float64Array(n);
    this.minor = new Float64Array(n);
    this.text = new Array<string>(n).fill('');
    this.generic = new Uint8Array(n);
    this.values = new Array<Value>(n);
    this.coarse = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      this.read(i, getField(docs[i].fields, path)!);
      if (this.generic[i] === 1 || this.rank[i] !== this.rank[0]) this.uniform = false;
    }
    for (let i = 0; i < n && this.uniform; i++) {
      this.coarse[i] = this.coarseAt(i);
      if (Number.isNaN(this.coarse[i])) this.uniform = false;
    }
  }

  private coarseAt(i: number): number {
    const text = this.text[i];
    if (text !== '') {
      // Each unit one more (so that a shorter string comes first), in base 0x10001: below 2^53.
      let packed = 0;
      for (let u = 0; u < 3; u++) packed = packed * 0x10001 + (text.charCodeAt(u) + 1 || 0);
      return packed;
    }
    // Nanos below 1e9 never carry a timestamp past its next second.
    return this.major[i] + this.minor[i] / 1e9;
  }

  private read(i: number, value: Value): void {
    this.values[i] = value;
    this.rank[i] = rankOf(value);
    switch (kindOf(value)) {
      case 'nullValue':
        return;
      case 'booleanValue':
        this.major[i] = value.booleanValue ? 1 : 0;
        return;
      case 'integerValue': {
        const n = Number(value.integerValue ?? 0);
        // Beyond 2^53 a double may round two integers to one: compareValues is exact.
        if (Number.isSafeInteger(n)) this.major[i] = n;
        else this.generic[i] = 1;
        return;
      }
      case 'doubleValue': {
        const d = Number(value.doubleValue);
        if (Number.isNaN(d)) {
          this.major[i] = -Infinity;
          this.minor[i] = -1;
        } else this.major[i] = d; // -0 and 0 compare equal, as Firestore orders them
        return;
      }
      case 'timestampValue': {
        const seconds = Number(value.timestampValue?.seconds ?? 0);
        const nanos = value.timestampValue?.nanos ?? 0;
        if (Number.isSafeInteger(seconds) && Number.isFinite(nanos)) {
          this.major[i] = seconds;
          this.minor[i] = nanos;
        } else this.generic[i] = 1;
        return;
      }
      case 'stringValue': {
        const s = value.stringValue ?? '';
        if (SURROGATE.test(s)) this.generic[i] = 1;
        else this.text[i] = s;
        return;
      }
      case 'geoPointValue': {
        const { latitude = 0, longitude = 0 } = value.geoPointValue ?? {};
        if (Number.isNaN(latitude) || Number.isNaN(longitude)) this.generic[i] = 1;
        else {
          this.major[i] = latitude;
          this.minor[i] = longitude;
        }
        return;
      }
      default:
        this.generic[i] = 1;
    }
  }

  /** compareValues of the values of documents x and y. */
  compare(x: number, y: number): number {
    const rx = this.rank[x];
    const ry = this.rank[y];
    if (rx !== ry) return rx < ry ? -1 : 1;
    if (this.generic[x] === 1 || this.generic[y] === 1)
      return compareValues(this.values[x], this.values[y]);
    const mx = this.major[x];
    const my = this.major[y];
    if (mx !== my) return mx < my ? -1 : 1;
    const nx = this.minor[x];
    const ny = this.minor[y];
    if (nx !== ny) return nx < ny ? -1 : 1;
    const tx = this.text[x];
    const ty = this.text[y];
    if (tx !== ty) return tx < ty ? -1 : 1;
    return 0;
  }
}

const DIGIT = 0x10000;
const RADIX_FROM = 4096;
const KEYED_FROM = 256;

/**
 * The positions of `keys` in ascending order of their numbers (equal ones in position order):
 * an LSD radix sort on the doubles' bits made to compare as unsigned integers, 16 at a time.
 * No comparison is called, so it takes a fraction of a comparison sort's time.
 */
function radixOrder(keys: Float64Array): Uint32Array {
  const n = keys.length;
  const words = [new Uint32Array(n), new Uint32Array(n)]; // low, high
  const view = new DataView(new ArrayBuffer(8));
  for (let i = 0; i < n; i++) {
    view.setFloat64(0, keys[i]);
    const high = view.getUint32(0);
    const low = view.getUint32(4);
    // Negative numbers have the sign bit set and larger magnitudes larger bits: flip them all;
    // positive ones go above them.
    const negative = high >= 0x80000000;
    words[1][i] = negative ? ~high >>> 0 : (high | 0x80000000) >>> 0;
    words[0][i] = negative ? ~low >>> 0 : low;
  }
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let next = new Uint32Array(n);
  const counts = new Uint32Array(DIGIT);
  for (const word of words)
    for (const shift of [0, 16]) {
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[(word[i] >>> shift) & 0xffff]++;
      if (counts[(word[0] >>> shift) & 0xffff] === n) continue; // one digit for all: no move
      let sum = 0;
      for (let d = 0; d < DIGIT; d++) {
        const count = counts[d];
        counts[d] = sum;
        sum += count;
      }
      for (let i = 0; i < n; i++) {
        const p = order[i];
        next[counts[(word[p] >>> shift) & 0xffff]++] = p;
      }
      [order, next] = [next, order];
    }
  return order;
}

/**
 * The documents sorted as comparing them field by field in `orderBy` would (each must have
 * every ordered field), reading each document's ordered values once (a Schwartzian transform)
 * rather than at every comparison, which holds the thread for seconds on a large collection
 * (tools/firestore/README.md, How it works).
 */
export function sortByKeys(docs: StoredDoc[], orderBy: readonly OrderedField[]): StoredDoc[] {
  // Reading keys into columns costs about what a few comparisons do: not worth it for few.
  if (docs.length < KEYED_FROM) return [...docs].sort(docComparator(orderBy));
  const columns = orderBy.map((o) => (o.path === null ? undefined : new FieldColumn(docs, o.path)));
  let positions: Uint32Array = new Uint32Array(docs.length);
  for (let i = 0; i < positions.length; i++) positions[i] = i;
  const compare = (x: number, y: number) => {
    for (let f = 0; f < orderBy.length; f++) {
      const column = columns[f];
      const c = column ? column.compare(x, y) : comparePaths(docs[x].key, docs[y].key);
      if (c !== 0) return orderBy[f].desc ? -c : c;
    }
    return 0;
  };
  const lead = columns[0];
  // The radix sort's passes walk 65,536 digit counts each: worth it for many documents only.
  if (lead?.uniform && docs.length >= RADIX_FROM) {
    // The first field's numbers settle most places at once; runs of equal numbers (ties, or
    // strings sharing their first units) are ordered by the whole comparison.
    const { coarse } = lead;
    positions = radixOrder(coarse);
    if (orderBy[0].desc) positions.reverse();
    for (let start = 0, end = 1; start < positions.length; start = end++) {
      while (end < positions.length && coarse[positions[end]] === coarse[positions[start]]) end++;
      if (end - start > 1) positions.subarray(start, end).sort(compare);
    }
  } else positions.sort(compare);
  const sorted = new Array<StoredDoc>(positions.length);
  for (let i = 0; i < positions.length; i++) sorted[i] = docs[positions[i]];
  return sorted;
}
