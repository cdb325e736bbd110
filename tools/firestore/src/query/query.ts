import { countPlan, type CountPlan } from '../indexes/count-index.ts';
import { GrpcError, Status } from '../model/errors.ts';
import { getField, parseFieldPath, projectFields } from '../model/field-paths.ts';
import {
  indexedCandidates,
  indexLookups,
  heldByLookups,
  heldMatcher,
  mergedCandidates,
  type IndexLookup,
} from './index-lookups.ts';
import { INEQUALITIES, type QueryShape } from '../indexes/index-rules.ts';
import { docOrder, firstIndexWhere, type DocOrder } from '../indexes/ordered-docs.ts';
import type { Database, QueryPage } from '../storage/store.ts';
import type { OrderedField } from '../model/sort-keys.ts';
import type { Filter, StoredDoc, StructuredQuery, Value } from '../model/types.ts';
import { checkQuery } from '../model/validation.ts';
import { compileNearest, nearestDocs, type NearestSearch } from './vector-search.ts';
import {
  equalsOneOf,
  compareStrings,
  comparePaths,
  compareValues,
  isNaNValue,
  isNullValue,
  rankOf,
  relativeName,
  valuesEqual,
} from '../model/values.ts';

/** `null` is the document's name (`__name__`). */
type FieldPathSegments = string[] | null;

type Ordering = OrderedField;

interface Bound {
  values: Value[];
  inclusive: boolean;
}

export interface CompiledQuery {
  parentKey: string;
  collectionId: string;
  allDescendants: boolean;
  matches: (doc: StoredDoc) => boolean;
  /** Filters a kept value index can answer: every match is among the documents they name. */
  lookups: IndexLookup[];
  /** `matches` for a document the index of every lookup names, where that is a lighter test. */
  matchesNamed?: (doc: StoredDoc) => boolean;
  orderBy: Ordering[];
  /** `orderBy` as a kept order: its signature, comparator and who has a place in it. */
  order: DocOrder;
  start?: Bound;
  end?: Bound;
  offset: number;
  limit?: number;
  /** An aggregation of every match: their order does not matter, so they are not sorted. */
  unordered: boolean;
  /** For an aggregation of equality filters: how a kept count index answers its count. */
  counting?: CountPlan;
  projection?: string[][];
  /** A vector search: the nearest matches, in its own order and limit. */
  nearest?: NearestSearch;
  /** The query as the index rules see it (Query Explain names the indexes that serve it). */
  shape: QueryShape;
}

function fieldSegments(path: string | undefined): FieldPathSegments {
  if (!path) throw new GrpcError(Status.INVALID_ARGUMENT, 'A field path is required');
  return path === '__name__' ? null : parseFieldPath(path);
}

function valueAt(doc: StoredDoc, path: FieldPathSegments): Value | undefined {
  return path === null
    ? { referenceValue: doc.name, valueType: 'referenceValue' }
    : getField(doc.fields, path);
}

function fieldFilter(op: string, value: Value): (v: Value | undefined) => boolean {
  const list = value.arrayValue?.values ?? [];
  // Ranges match values of the filter's own type; NaN is in no range (only == and != see it).
  const ranked = (test: (c: number) => boolean) => (v: Value | undefined) =>
    v !== undefined &&
    rankOf(v) === rankOf(value) &&
    !isNaNValue(v) &&
    !isNaNValue(value) &&
    test(compareValues(v, value));
  switch (op) {
    case 'EQUAL':
      return (v) => v !== undefined && valuesEqual(v, value);
    case 'NOT_EQUAL':
      return (v) => v !== undefined && !isNullValue(v) && !valuesEqual(v, value);
    case 'LESS_THAN':
      return ranked((c) => c < 0);
    case 'LESS_THAN_OR_EQUAL':
      return ranked((c) => c <= 0);
    case 'GREATER_THAN':
      return ranked((c) => c > 0);
    case 'GREATER_THAN_OR_EQUAL':
      return ranked((c) => c >= 0);
    case 'IN': {
      const inList = equalsOneOf(list);
      return (v) => v !== undefined && inList(v);
    }
    case 'NOT_IN': {
      if (list.some(isNullValue)) return () => false;
      const inList = equalsOneOf(list);
      return (v) => v !== undefined && !isNullValue(v) && !inList(v);
    }
    case 'ARRAY_CONTAINS': {
      const isValue = equalsOneOf([value]);
      return (v) => v?.arrayValue !== undefined && (v.arrayValue.values ?? []).some(isValue);
    }
    case 'ARRAY_CONTAINS_ANY': {
      const inList = equalsOneOf(list);
      return (v) => v?.arrayValue?.values?.some(inList) ?? false;
    }
    default:
      throw new GrpcError(Status.INVALID_ARGUMENT, `Unsupported filter operator: ${op}`);
  }
}

function unaryFilter(op: string): (v: Value | undefined) => boolean {
  switch (op) {
    case 'IS_NAN':
      return (v) => v !== undefined && isNaNValue(v);
    case 'IS_NULL':
      return (v) => v !== undefined && isNullValue(v);
    case 'IS_NOT_NAN':
      return (v) => v !== undefined && !isNullValue(v) && !isNaNValue(v);
    case 'IS_NOT_NULL':
      return (v) => v !== undefined && !isNullValue(v);
    default:
      throw new GrpcError(Status.INVALID_ARGUMENT, `Unsupported unary operator: ${op}`);
  }
}

/** Compiles a filter tree into a predicate, collecting the fields of inequality filters. */
function compileFilter(
  filter: Filter,
  inequalities: Map<string, FieldPathSegments>,
): (doc: StoredDoc) => boolean {
  if (filter.compositeFilter) {
    const parts = (filter.compositeFilter.filters ?? []).map((f) => compileFilter(f, inequalities));
    const op = filter.compositeFilter.op;
    if (op === 'OR') return (doc) => parts.some((p) => p(doc));
    if (op === 'AND' || op === undefined) return (doc) => parts.every((p) => p(doc));
    throw new GrpcError(Status.INVALID_ARGUMENT, `Unsupported composite operator: ${op}`);
  }
  const f = filter.fieldFilter ?? filter.unaryFilter;
  if (!f) throw new GrpcError(Status.INVALID_ARGUMENT, 'Empty filter');
  const rawPath = f.field?.fieldPath;
  const path = fieldSegments(rawPath);
  const op = f.op ?? '';
  if (INEQUALITIES.has(op)) inequalities.set(rawPath!, path);
  const test = filter.fieldFilter
    ? fieldFilter(op, filter.fieldFilter.value ?? {})
    : unaryFilter(op);
  return (doc) => test(valueAt(doc, path));
}

function canonical(path: FieldPathSegments): string {
  return path === null ? '__name__' : path.join('.');
}

/** Explicit orders, then inequality fields by name, then the document name (Firestore's rule). */
function effectiveOrder(
  query: StructuredQuery,
  inequalities: Map<string, FieldPathSegments>,
): Ordering[] {
  const orderBy: Ordering[] = (query.orderBy ?? []).map((o) => ({
    path: fieldSegments(o.field?.fieldPath),
    desc: o.direction === 'DESCENDING',
  }));
  const seen = new Set(orderBy.map((o) => canonical(o.path)));
  const lastDesc = orderBy.length > 0 ? orderBy[orderBy.length - 1].desc : false;
  // The document name is never sorted in with the fields: it always comes last.
  const implicit = [...inequalities.values()]
    .filter((p): p is string[] => p !== null && !seen.has(canonical(p)))
    .sort((a, b) => compareStrings(canonical(a), canonical(b)));
  for (const path of implicit) {
    if (seen.has(canonical(path))) continue;
    seen.add(canonical(path));
    orderBy.push({ path, desc: lastDesc });
  }
  if (!seen.has('__name__')) orderBy.push({ path: null, desc: lastDesc });
  return orderBy;
}

export function parentKeyOf(db: Database, parent: string): string {
  if (parent === db.documentsPrefix) return '';
  if (!parent.startsWith(`${db.documentsPrefix}/`)) {
    throw new GrpcError(Status.INVALID_ARGUMENT, `Invalid parent: ${parent}`);
  }
  return relativeName(parent);
}

export function compileQuery(
  db: Database,
  parent: string,
  query: StructuredQuery,
  { aggregation = false } = {},
): CompiledQuery {
  checkQuery(query);
  const nearest = compileNearest(query);
  const from = query.from ?? [];
  if (from.length !== 1)
    throw new GrpcError(Status.INVALID_ARGUMENT, 'A query needs exactly one collection');
  const inequalities = new Map<string, FieldPathSegments>();
  const filter = query.where ? compileFilter(query.where, inequalities) : () => true;
  const orderBy = effectiveOrder(query, inequalities);
  const shape: QueryShape = {
    collectionId: from[0].collectionId ?? '',
    allDescendants: !!from[0].allDescendants,
    where: query.where,
    orderBy,
    aggregation,
    nearest: nearest && { field: nearest.field, dimension: nearest.query.length },
  };
  db.indexRules?.check(shape);
  const order = docOrder(orderBy);
  // A document without an ordered field is in no result (Firestore's index has no entry for it).
  const matches = (doc: StoredDoc) => order.holds(doc) && filter(doc);
  const bound = (c: StructuredQuery['startAt'], inclusive: boolean): Bound | undefined => {
    if (!c) return undefined;
    const values = c.values ?? [];
    if (values.length > orderBy.length) {
      throw new GrpcError(Status.INVALID_ARGUMENT, 'Too many cursor values for the query ordering');
    }
    return { values, inclusive };
  };
  const lookups = indexLookups(query.where);
  const held = heldMatcher(query.where, lookups);
  const limit = query.limit?.value;
  if (limit !== undefined && limit < 0)
    throw new GrpcError(Status.INVALID_ARGUMENT, 'limit is negative');
  if ((query.offset ?? 0) < 0) throw new GrpcError(Status.INVALID_ARGUMENT, 'offset is negative');
  return {
    parentKey: parentKeyOf(db, parent),
    collectionId: from[0].collectionId ?? '',
    allDescendants: !!from[0].allDescendants,
    matches,
    lookups,
    matchesNamed: held && ((doc) => order.holds(doc) && held(doc)),
    orderBy,
    order,
    // startAt: `before` means the cursor position is included; endAt: `before` means excluded.
    start: bound(query.startAt, !!query.startAt?.before),
    end: bound(query.endAt, !query.endAt?.before),
    offset: query.offset ?? 0,
    limit,
    unordered: aggregation && limit === undefined && !query.offset,
    counting: aggregation
      ? countPlan(
          query.where,
          orderBy.flatMap((o) => (o.path === null ? [] : [o.path])),
        )
      : undefined,
    nearest,
    shape,
    projection: query.select
      ? (query.select.fields ?? [])
          .map((f) => f.fieldPath ?? '')
          .filter((p) => p !== '__name__')
          .map(parseFieldPath)
      : undefined,
  };
}

function compareToBound(doc: StoredDoc, bound: Bound, orderBy: Ordering[]): number {
  for (let i = 0; i < bound.values.length; i++) {
    const o = orderBy[i];
    const c =
      o.path === null
        ? comparePaths(relativeName(bound.values[i].referenceValue ?? ''), doc.key)
        : compareValues(bound.values[i], getField(doc.fields, o.path)!);
    if (c !== 0) return o.desc ? -c : c;
  }
  return 0;
}

/** Along the query's order this is true for a leading part, then false. */
function beforeStart(doc: StoredDoc, q: CompiledQuery): boolean {
  if (!q.start) return false;
  const c = compareToBound(doc, q.start, q.orderBy);
  return q.start.inclusive ? c > 0 : c >= 0;
}

/** Along the query's order this is false, then true for the rest. */
function pastEnd(doc: StoredDoc, q: CompiledQuery): boolean {
  if (!q.end) return false;
  const c = compareToBound(doc, q.end, q.orderBy);
  return q.end.inclusive ? c < 0 : c <= 0;
}

function withinBounds(doc: StoredDoc, q: CompiledQuery): boolean {
  return !beforeStart(doc, q) && !pastEnd(doc, q);
}

/** Is this document in the collection(s) the query reads from? */
export function inScope(q: CompiledQuery, key: string): boolean {
  const collectionPath = key.slice(0, key.lastIndexOf('/'));
  if (!q.allDescendants) {
    return (
      collectionPath === (q.parentKey === '' ? q.collectionId : `${q.parentKey}/${q.collectionId}`)
    );
  }
  if (q.parentKey !== '' && !collectionPath.startsWith(`${q.parentKey}/`)) return false;
  return (
    q.collectionId === '' ||
    collectionPath.slice(collectionPath.lastIndexOf('/') + 1) === q.collectionId
  );
}

/** Keeping a sorted window this small is cheaper than sorting every match. */
const WINDOW_LIMIT = 5000;

/**
 * A page after a cursor of one collection ordered by document id alone (paging by id): read in
 * key order. Only with a cursor, so that queries between writes (which drop the kept order) do
 * not sort the collection again and again; without one a scan is as fast.
 */
function pagesByKey(q: CompiledQuery): boolean {
  return (
    q.start !== undefined &&
    !q.allDescendants &&
    q.orderBy.length === 1 &&
    q.orderBy[0].path === null &&
    !q.orderBy[0].desc
  );
}

function* filterIterable<T>(items: Iterable<T>, keep: (item: T) => boolean): Iterable<T> {
  for (const item of items) if (keep(item)) yield item;
}

/** What the query sees: the stored documents, or those of a past time through a view. */
function* source(
  db: Database,
  q: CompiledQuery,
  view: Map<string, StoredDoc | undefined> | undefined,
): Iterable<StoredDoc> {
  const current = db.scan(q.parentKey, q.collectionId, q.allDescendants);
  if (!view) return yield* current;
  for (const doc of current) if (!view.has(doc.key)) yield doc;
  for (const [key, doc] of view) if (doc && inScope(q, key)) yield doc;
}

/**
 * A limited query of one collection with a field in its order: read from the collection's
 * kept order at the start cursor, so a page costs about the page (as the real Firestore's index
 * read does). Without a limit a scan and one sort cost as much.
 */
function readsKeptOrder(q: CompiledQuery, window: number): boolean {
  return window !== Infinity && !q.allDescendants && q.orderBy.some((o) => o.path !== null);
}

/**
 * The first `window` matches of documents that arrive in the query's order, past the offset.
 * `held`: a quick test every match passes, tried first.
 */
function firstInOrder(
  docs: Iterable<StoredDoc>,
  q: CompiledQuery,
  window: number,
  held: (doc: StoredDoc) => boolean = () => true,
): QueryPage {
  const found: StoredDoc[] = [];
  for (const doc of docs) {
    if (pastEnd(doc, q)) break; // and so is every document after it
    if (!held(doc) || beforeStart(doc, q) || !q.matches(doc)) continue;
    found.push(doc);
    if (found.length === window) break;
  }
  const skipped = Math.min(q.offset, found.length);
  return { docs: found.slice(q.offset), skipped };
}

/** Every match, in no particular order. `matches`: the query's test, or a lighter equal one. */
function allMatches(docs: Iterable<StoredDoc>, q: CompiledQuery, matches = q.matches): StoredDoc[] {
  const found: StoredDoc[] = [];
  for (const doc of docs) if (matches(doc) && withinBounds(doc, q)) found.push(doc);
  return found;
}

/** The first `window` matches of documents in no particular order, sorted, past the offset. */
function firstMatches(
  docs: Iterable<StoredDoc>,
  q: CompiledQuery,
  window: number,
  matches = q.matches,
): QueryPage {
  const compare = q.order.compare;
  const bounded = window <= WINDOW_LIMIT;
  let found: StoredDoc[] = [];
  for (const doc of docs) {
    if (!matches(doc) || !withinBounds(doc, q)) continue;
    if (!bounded) {
      found.push(doc);
      continue;
    }
    if (found.length === window && compare(doc, found[window - 1]) >= 0) continue;
    found.splice(
      firstIndexWhere(found.length, (i) => compare(found[i], doc) > 0),
      0,
      doc,
    );
    if (found.length > window) found.pop();
  }
  if (!bounded) found = q.order.sort(found);
  const skipped = Math.min(q.offset, found.length);
  found = found.slice(q.offset, window);
  return { docs: found, skipped };
}

/**
 * Reads the documents having a filter's value from a kept value index when that is the
 * cheapest read (see indexedCandidates), else a kept order when one serves (see pagesByKey and
 * readsKeptOrder), otherwise scans the collection(s); keeps the first matches. `view` (from
 * the change log) turns it into a read at a past time, which always scans: the kept indexes
 * and orders hold only the current versions.
 */
export function executeQuery(
  db: Database,
  q: CompiledQuery,
  view?: Map<string, StoredDoc | undefined>,
): QueryPage {
  if (q.nearest) {
    const docs = nearestDocs(filterIterable(source(db, q, view), q.matches), q.nearest);
    return { docs, skipped: 0 };
  }
  const window = q.limit === undefined ? Infinity : q.offset + q.limit;
  if (window === 0) return { docs: [], skipped: 0 };
  if (q.unordered) {
    const candidates = !view && !q.allDescendants && mergedCandidates(db, q);
    if (!candidates) return { docs: allMatches(source(db, q, view), q), skipped: 0 };
    const named = candidates.everyLookup ? q.matchesNamed : undefined;
    return { docs: allMatches(candidates.docs, q, named), skipped: 0 };
  }
  if (!view && !q.allDescendants) {
    const walks = pagesByKey(q) || readsKeptOrder(q, window);
    const candidates = indexedCandidates(db, q, walks ? window : Infinity);
    // The candidates are those one lookup's index names: enough for the lighter test alone.
    const named = q.lookups.length === 1 ? q.matchesNamed : undefined;
    if (candidates) return firstMatches(candidates, q, window, named);
  }
  if (!view && pagesByKey(q)) {
    const startKey = relativeName(q.start!.values[0]?.referenceValue ?? '');
    return firstInOrder(db.scanInKeyOrder(q.parentKey, q.collectionId, startKey), q, window);
  }
  if (!view && readsKeptOrder(q, window)) {
    const fromStart = db.scanInOrder(q.parentKey, q.collectionId, q.order, (doc) =>
      beforeStart(doc, q),
    );
    return firstInOrder(fromStart, q, window, heldByLookups(db, q));
  }
  return firstMatches(source(db, q, view), q, window);
}

export function projected(doc: StoredDoc, projection: string[][] | undefined): StoredDoc {
  return projection ? { ...doc, fields: projectFields(doc.fields, projection) } : doc;
}
