import { getField, parseFieldPath } from '../model/field-paths.ts';

import type { Filter, StoredDoc, Value } from '../model/types.ts';
import { kindOf, valueKey } from '../model/values.ts';

/**
 * What a count of equalities counts by: the fields compared by `==` or `in`, at most one field
 * whose array must hold a value, and the fields the query orders by (a document lacking one is
 * in no index entry of the query, so in no count).
 */
export interface CountShape {
  /** Names the shape: counts of one shape share one kept CountIndex. */
  signature: string;
  equals: string[][];
  element?: string[];
  required: string[][];
}

/** A count a CountIndex answers: its shape, and the keys whose documents match. */
export interface CountPlan {
  shape: CountShape;
  keys: string[];
}

/** Beyond this many combinations of `in` values the count reads the matches instead. */
const MAX_PLAN_KEYS = 1000;

interface Condition {
  path: string;
  /** The values the field may have (equality), or the one its array must hold. */
  values: Value[];
  element: boolean;
}

/** The conditions of a conjunction of `==`, `in` and single-value array membership filters. */
function conditionsOf(filter: Filter, out: Condition[]): boolean {
  if (filter.compositeFilter) {
    const op = filter.compositeFilter.op;
    if (op !== 'AND' && op !== undefined) return false;
    return (filter.compositeFilter.filters ?? []).every((f) => conditionsOf(f, out));
  }
  const f = filter.fieldFilter;
  const path = f?.field?.fieldPath;
  if (!f || !path || path === '__name__') return false;
  const value = f.value ?? {};
  const list = value.arrayValue?.values ?? [];
  switch (f.op) {
    case 'EQUAL':
      out.push({ path, values: [value], element: false });
      return true;
    case 'IN':
      out.push({ path, values: list, element: false });
      return true;
    case 'ARRAY_CONTAINS':
      out.push({ path, values: [value], element: true });
      return true;
    case 'ARRAY_CONTAINS_ANY':
      // With several values a document holding two of them would count twice.
      if (list.length !== 1) return false;
      out.push({ path, values: list, element: true });
      return true;
    default:
      return false;
  }
}

/** A key: the valueKeys of the shape's fields, in its order (JSON keeps them apart). */
const keyOf = (parts: string[]) => JSON.stringify(parts);

/** Every combination of one value key from each list, as keys. */
function combinations(lists: string[][]): string[] {
  let combos: string[][] = [[]];
  for (const list of lists) {
    combos = combos.flatMap((c) => list.map((v) => [...c, v]));
    if (combos.length > MAX_PLAN_KEYS) return [];
  }
  return combos.map(keyOf);
}

/**
 * How a count can be answered from a CountIndex: when its filter is a conjunction of `==` and
 * `in` filters (a field at most once) and at most one `array-contains` (or `array-contains-any`
 * of one value). `orderedPaths`: the fields of the query's order. Undefined otherwise.
 */
export function countPlan(
  where: Filter | undefined,
  orderedPaths: string[][],
): CountPlan | undefined {
  const conditions: Condition[] = [];
  if (!where || !conditionsOf(where, conditions)) return undefined;
  const elements = conditions.filter((c) => c.element);
  const equals = conditions.filter((c) => !c.element).sort((a, b) => (a.path < b.path ? -1 : 1));
  if (elements.length > 1) return undefined;
  if (new Set(equals.map((c) => c.path)).size !== equals.length) return undefined;
  // An array value in an equality is compared whole: its key is the whole array's.
  const keyLists = equals.map((c) => c.values.map(valueKey));
  const element = elements[0];
  if (element) keyLists.push(element.values.map(valueKey));
  const keys = combinations(keyLists);
  if (keys.length === 0) return undefined;
  const shape = {
    equals: equals.map((c) => parseFieldPath(c.path)),
    element: element && parseFieldPath(element.path),
    required: orderedPaths,
  };
  return { shape: { ...shape, signature: JSON.stringify(shape) }, keys };
}

/** How many keys one index may hold: a count by a field of unbounded values does not fit. */
const MAX_KEYS = 100_000;
/** After this many documents a build judges whether the whole collection's keys can fit. */
const SAMPLE_DOCS = 500;

/**
 * The number of documents of one collection under each key of one CountShape: the counts of
 * Firestore's index entries for the equality prefix of an index, kept so that a count of
 * equality filters costs one lookup per key instead of a read of every match. Keys are made of
 * valueKeys, which meet exactly as query equality has values meet. Built when first asked for,
 * then kept up to date write by write.
 */
export class CountIndex {
  private readonly counts = new Map<string, number>();
  /** The build stopped early: by its first documents, the collection's keys would not fit. */
  private outgrown = false;

  /**
   * `docCount`: how many documents `docs` holds, when known, so that a shape whose keys would
   * be far too many is given up after a sample rather than after reading until it is full (a
   * count by the customers' hundred search keys each; tools/firestore/README.md).
   */
  constructor(
    private readonly shape: CountShape,
    docs: Iterable<StoredDoc>,
    private readonly maxKeys = MAX_KEYS,
    docCount?: number,
  ) {
    let read = 0;
    for (const doc of docs) {
      this.adjust(doc, 1);
      if (this.full) break;
      // Ten times the bound by the sample's measure: a field of one key per document never
      // gets there below a million documents, where the estimate could be that far off.
      if (
        ++read === SAMPLE_DOCS &&
        docCount !== undefined &&
        this.counts.size * docCount > 10 * this.maxKeys * SAMPLE_DOCS
      ) {
        this.outgrown = true;
        break;
      }
    }
  }

  /** True once the index holds more keys than it may: it must be dropped (it is incomplete). */
  get full(): boolean {
    return this.outgrown || this.counts.size > this.maxKeys;
  }

  count(keys: readonly string[]): number {
    let n = 0;
    for (const key of keys) n += this.counts.get(key) ?? 0;
    return n;
  }

  /** Takes a write into account: `before` leaves its keys, `after` joins its own. */
  replace(before: StoredDoc | undefined, after: StoredDoc | undefined): void {
    if (before) this.adjust(before, -1);
    if (after) this.adjust(after, 1);
  }

  private adjust(doc: StoredDoc, change: 1 | -1): void {
    for (const key of this.keysOf(doc)) {
      const n = (this.counts.get(key) ?? 0) + change;
      if (n === 0) this.counts.delete(key);
      else this.counts.set(key, n);
    }
  }

  /** The keys a document counts under: none when it lacks a field of the shape. */
  private keysOf(doc: StoredDoc): string[] {
    const { equals, element, required } = this.shape;
    if (required.some((p) => getField(doc.fields, p) === undefined)) return [];
    const parts: string[] = [];
    for (const path of equals) {
      const value = getField(doc.fields, path);
      if (value === undefined) return [];
      parts.push(valueKey(value));
    }
    if (!element) return [keyOf(parts)];
    const array = getField(doc.fields, element);
    if (!array || kindOf(array) !== 'arrayValue') return [];
    // An element repeated in the array is one index entry.
    const elements = new Set((array.arrayValue?.values ?? []).map(valueKey));
    return [...elements].map((k) => keyOf([...parts, k]));
  }
}
