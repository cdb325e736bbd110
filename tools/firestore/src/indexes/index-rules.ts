import { readFileSync } from 'node:fs';
import { GrpcError, Status } from '../model/errors.ts';
import { getField, parseFieldPath } from '../model/field-paths.ts';
import type { Fields, Filter, Value } from '../model/types.ts';

/** Range and inequality operators: their fields order the results after the explicit orders. */
export const INEQUALITIES = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
  'IS_NOT_NAN',
  'IS_NOT_NULL',
]);
import { kindOf, valueKey } from '../model/values.ts';

// What Firestore serves from an index file (firestore.indexes.json): the automatic
// single-field indexes of every field (ascending and descending, array-contains for arrays,
// collection scope), as `fieldOverrides` change them, and the listed composite indexes.

type Scope = 'COLLECTION' | 'COLLECTION_GROUP';
type Order = 'ASCENDING' | 'DESCENDING';

export interface IndexFieldSpec {
  fieldPath: string;
  order?: Order;
  arrayConfig?: 'CONTAINS';
  /** A vector index's field (its last): vectors of this many dimensions, searched exhaustively. */
  vectorConfig?: { dimension: number; flat?: object };
}

export interface CompositeIndexSpec {
  collectionGroup: string;
  queryScope?: Scope;
  fields: IndexFieldSpec[];
}

export interface FieldOverrideSpec {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  indexes: { order?: Order; arrayConfig?: 'CONTAINS'; queryScope?: Scope }[];
}

/** The content of a firestore.indexes.json file. */
export interface IndexFile {
  indexes?: CompositeIndexSpec[];
  fieldOverrides?: FieldOverrideSpec[];
}

/** An index a query reads, as Query Explain names it (`indexes_used` of its plan summary). */
export interface PlannedIndex {
  /** 'Collection' or 'Collection group'. */
  query_scope: string;
  /** Its fields in order, as Firestore prints them: `(age ASC, __name__ ASC)`. */
  properties: string;
}

/** Production refuses a write whose document would have more index entries than this. */
export const MAX_INDEX_ENTRIES = 40_000;

/** One field of an index as the query planner reads it; `__name__` is the document name. */
interface Column {
  path: string;
  /** 'CONTAINS' for an array-contains field. */
  kind: Order | 'CONTAINS';
}

interface Index {
  scope: Scope;
  columns: Column[];
}

/** A vector index: the fields a search's filter may name, then the vector field. */
interface VectorIndex {
  scope: Scope;
  /** Canonical paths of the fields before the vector field, sorted. */
  filtered: string[];
  field: string;
  dimension: number;
}

/** How a query's filter uses a field within one disjunction. */
interface Equality {
  path: string;
  contains: boolean;
}

/** A query as the index check sees it. */
export interface QueryShape {
  collectionId: string;
  allDescendants: boolean;
  where?: Filter;
  /** The full order, explicit and implicit; a null path is the document name. */
  orderBy: { path: string[] | null; desc: boolean }[];
  /** Aggregations read an index in either direction: the order of the matches is not seen. */
  aggregation: boolean;
  /** A vector search (FindNearest): its vector field and the query vector's dimension. */
  nearest?: { field: string[]; dimension: number };
}

const NAME = '__name__';
const EQUALITIES = new Set(['EQUAL', 'IN', 'IS_NULL', 'IS_NAN']);
const CONTAINS = new Set(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);

const canonical = (path: string) => parseFieldPath(path).join('.');
const sameColumn = (a: Column, b: Column) => a.path === b.path && a.kind === b.kind;
const flip = (kind: Column['kind']): Column['kind'] =>
  kind === 'ASCENDING' ? 'DESCENDING' : kind === 'DESCENDING' ? 'ASCENDING' : kind;

/** The columns of the index a disjunction needs: its equalities, then its order. */
function neededColumns(equalities: Equality[], suffix: Column[]): Column[] {
  const columns: Column[] = [];
  for (const e of equalities) {
    const col: Column = { path: e.path, kind: e.contains ? 'CONTAINS' : 'ASCENDING' };
    if (!columns.some((c) => sameColumn(c, col))) columns.push(col);
  }
  return [...columns, ...suffix];
}

const scopeName = (scope: Scope) => (scope === 'COLLECTION' ? 'Collection' : 'Collection group');

function columnText(c: Column): string {
  const kind = c.kind === 'ASCENDING' ? 'ASC' : c.kind === 'DESCENDING' ? 'DESC' : 'CONTAINS';
  return `${c.path} ${kind}`;
}

/** The filter in disjunctive normal form: each disjunction as its equality-like filters. */
function disjunctions(filter: Filter | undefined): Equality[][] {
  if (!filter) return [[]];
  const composite = filter.compositeFilter;
  if (composite) {
    const parts = (composite.filters ?? []).map(disjunctions);
    if (composite.op === 'OR') return parts.flat();
    return parts.reduce<Equality[][]>(
      (acc, part) => acc.flatMap((a) => part.map((p) => [...a, ...p])),
      [[]],
    );
  }
  const f = filter.fieldFilter ?? filter.unaryFilter;
  const path = f?.field?.fieldPath;
  if (!path || path === NAME) return [[]]; // the document name is the primary key
  if (EQUALITIES.has(f?.op ?? '')) return [[{ path: canonical(path), contains: false }]];
  if (CONTAINS.has(f?.op ?? '')) return [[{ path: canonical(path), contains: true }]];
  return [[]]; // inequalities are in the order
}

/** The canonical paths of the fields a filter names (not the document name), sorted. */
function filteredPaths(filter: Filter | undefined, out = new Set<string>()): string[] {
  if (filter?.compositeFilter) {
    for (const f of filter.compositeFilter.filters ?? []) filteredPaths(f, out);
  } else {
    const path = (filter?.fieldFilter ?? filter?.unaryFilter)?.field?.fieldPath;
    if (path && path !== NAME) out.add(canonical(path));
  }
  return [...out].sort();
}

/** Whether the filter has a range or inequality on a field. */
function hasInequality(filter: Filter | undefined): boolean {
  if (!filter) return false;
  if (filter.compositeFilter) return (filter.compositeFilter.filters ?? []).some(hasInequality);
  const f = filter.fieldFilter ?? filter.unaryFilter;
  return INEQUALITIES.has(f?.op ?? '') && f?.field?.fieldPath !== NAME;
}

function columnJson(c: Column): IndexFieldSpec {
  return c.kind === 'CONTAINS'
    ? { fieldPath: c.path, arrayConfig: 'CONTAINS' }
    : { fieldPath: c.path, order: c.kind };
}

/** The number of distinct elements of an array value (each is one array-contains entry). */
function distinctElements(value: Value): number {
  return new Set((value.arrayValue?.values ?? []).map(valueKey)).size;
}

/**
 * The rules of one index file: which queries its indexes serve, and how many index entries a
 * document has.
 */
export class IndexRules {
  /** Composite indexes by collection group, each ending with the document name. */
  private readonly composites = new Map<string, Index[]>();
  /** Field overrides by collection group then canonical field path. */
  private readonly overrides = new Map<string, Map<string, FieldOverrideSpec['indexes']>>();
  /** Composite indexes as declared, by collection group (for counting entries). */
  private readonly declared = new Map<string, { path: string[]; contains: boolean }[][]>();
  /** Vector indexes by collection group: they serve vector searches and nothing else. */
  private readonly vectors = new Map<string, VectorIndex[]>();

  constructor(file: IndexFile) {
    for (const spec of file.indexes ?? []) {
      // A vector index has an entry for each document holding its fields, like a composite.
      const fields = spec.fields
        .filter((f) => f.fieldPath !== NAME)
        .map((f) => ({
          path: parseFieldPath(f.fieldPath),
          contains: f.arrayConfig === 'CONTAINS',
        }));
      this.declared.set(spec.collectionGroup, [
        ...(this.declared.get(spec.collectionGroup) ?? []),
        fields,
      ]);
      const vector = spec.fields.at(-1)?.vectorConfig;
      if (vector) {
        const list = this.vectors.get(spec.collectionGroup) ?? [];
        list.push({
          scope: spec.queryScope ?? 'COLLECTION',
          filtered: spec.fields
            .slice(0, -1)
            .map((f) => canonical(f.fieldPath))
            .sort(),
          field: canonical(spec.fields.at(-1)!.fieldPath),
          dimension: vector.dimension,
        });
        this.vectors.set(spec.collectionGroup, list);
        continue;
      }
      const columns: Column[] = spec.fields.map((f) => ({
        path: f.fieldPath === NAME ? NAME : canonical(f.fieldPath),
        kind: f.arrayConfig === 'CONTAINS' ? 'CONTAINS' : (f.order ?? 'ASCENDING'),
      }));
      const last = columns[columns.length - 1];
      // Every index ends with the document name, in the direction of its last field.
      if (last.path !== NAME)
        columns.push({ path: NAME, kind: last.kind === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING' });
      const list = this.composites.get(spec.collectionGroup) ?? [];
      list.push({ scope: spec.queryScope ?? 'COLLECTION', columns });
      this.composites.set(spec.collectionGroup, list);
    }
    for (const o of file.fieldOverrides ?? []) {
      const byPath = this.overrides.get(o.collectionGroup) ?? new Map();
      byPath.set(canonical(o.fieldPath), o.indexes ?? []);
      this.overrides.set(o.collectionGroup, byPath);
    }
  }

  static fromFile(file: string): IndexRules {
    return new IndexRules(JSON.parse(readFileSync(file, 'utf8')) as IndexFile);
  }

  /**
   * The single-field indexes of a field: the automatic ones, unless an override names the
   * field or a map holding it (an override of a map applies to its subfields).
   */
  private singleField(group: string, path: string): FieldOverrideSpec['indexes'] {
    return (
      this.override(group, path) ?? [
        { order: 'ASCENDING', queryScope: 'COLLECTION' },
        { order: 'DESCENDING', queryScope: 'COLLECTION' },
        { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
      ]
    );
  }

  private override(group: string, path: string): FieldOverrideSpec['indexes'] | undefined {
    const byPath = this.overrides.get(group);
    const segments = path.split('.');
    for (let n = segments.length; n > 0 && byPath; n--) {
      const override = byPath.get(segments.slice(0, n).join('.'));
      if (override) return override;
    }
    return undefined;
  }

  /** The indexes a query of this collection group and scope can read. */
  private indexesFor(group: string, scope: Scope, paths: Iterable<string>): Index[] {
    const found = (this.composites.get(group) ?? []).filter((i) => i.scope === scope);
    for (const path of new Set(paths)) {
      for (const s of this.singleField(group, path)) {
        if ((s.queryScope ?? 'COLLECTION') !== scope) continue;
        const kind = s.arrayConfig === 'CONTAINS' ? 'CONTAINS' : (s.order ?? 'ASCENDING');
        found.push({
          scope,
          columns: [
            { path, kind },
            { path: NAME, kind: kind === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING' },
          ],
        });
      }
    }
    return found;
  }

  /**
   * Refuses, as production does, a query no index serves: each disjunction of its filter must
   * be served by indexes that end with the query's order (its non-equality part) and whose
   * leading fields are equality filters of the query. For equality and array-contains filters
   * with at most an order, several such indexes are merged (Firestore's index merging), so
   * together they must cover every equality; a query with a range or inequality needs one
   * index covering them all. Equalities ordered by document name alone are served by merging
   * their single-field indexes.
   */
  check(q: QueryShape): void {
    this.plan(q);
  }

  /**
   * The indexes that serve the query, as `check` finds them (refusing it the same way when
   * none does): for Query Explain's plan. Without an index file (`lenient`), a query no
   * automatic index serves is planned on the composite index production would ask for.
   */
  plan(q: QueryShape, { lenient = false } = {}): PlannedIndex[] {
    const scope: Scope = q.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION';
    if (q.nearest) {
      try {
        this.checkNearest(q, q.nearest, scope);
      } catch (error) {
        if (!lenient) throw error;
      }
      const fields = [...filteredPaths(q.where).map((path) => `${path} ASC`)];
      const vector = `${q.nearest.field.join('.')} VECTOR<${q.nearest.dimension}>`;
      return [{ query_scope: scopeName(scope), properties: `(${[...fields, vector].join(', ')})` }];
    }
    const order: Column[] = [];
    for (const o of q.orderBy) {
      const path = o.path === null ? NAME : o.path.join('.');
      order.push({ path, kind: o.desc ? 'DESCENDING' : 'ASCENDING' });
      if (path === NAME) break; // the name is unique: nothing after it orders anything
    }
    const used: Index[] = [];
    for (const equalities of disjunctions(q.where)) {
      const fixed = new Set(equalities.filter((e) => !e.contains).map((e) => e.path));
      // An order on a field an equality fixes orders nothing.
      const suffix = order.filter((c) => !fixed.has(c.path));
      if (this.serves(q, scope, equalities, suffix, used)) continue;
      if (!lenient) throw this.missing(q, scope, equalities, suffix);
      used.push({ scope, columns: neededColumns(equalities, suffix) });
    }
    const planned = used.map((index) => ({
      query_scope: scopeName(index.scope),
      properties: `(${index.columns.map(columnText).join(', ')})`,
    }));
    return planned.filter((p, i) => planned.findIndex((o) => o.properties === p.properties) === i);
  }

  /**
   * Refuses, as production does, a vector search no vector index serves: one of the query's
   * scope on its vector field, of the query vector's dimension, whose other fields are the
   * fields its filter names.
   */
  private checkNearest(
    q: QueryShape,
    nearest: { field: string[]; dimension: number },
    scope: Scope,
  ) {
    const field = nearest.field.join('.');
    const filtered = filteredPaths(q.where);
    const served = (this.vectors.get(q.collectionId) ?? []).some(
      (v) =>
        v.scope === scope &&
        v.field === field &&
        v.dimension === nearest.dimension &&
        v.filtered.join('\n') === filtered.join('\n'),
    );
    if (served) return;
    const index = {
      collectionGroup: q.collectionId,
      queryScope: scope,
      fields: [
        ...filtered.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' })),
        { fieldPath: field, vectorConfig: { dimension: nearest.dimension, flat: {} } },
      ],
    };
    throw new GrpcError(
      Status.FAILED_PRECONDITION,
      `The vector search requires a vector index. Add this index to "indexes" in firestore.indexes.json: ${JSON.stringify(index)}`,
    );
  }

  private serves(
    q: QueryShape,
    scope: Scope,
    equalities: Equality[],
    suffix: Column[],
    used: Index[] = [],
  ): boolean {
    const onlyName = suffix.length === 1;
    if (equalities.length === 0 && onlyName) {
      used.push({ scope, columns: suffix }); // the documents in name order
      return true;
    }
    if (q.collectionId === '') return false; // kindless queries have no field indexes
    const paths = [...equalities.map((e) => e.path), ...suffix.map((c) => c.path)];
    const indexes = this.indexesFor(q.collectionId, scope, paths);
    // Merging is documented for equalities and an order; with a range one index must do.
    const merges = !hasInequality(q.where);
    const distinct = new Set(equalities.map((e) => `${e.path}:${e.contains}`)).size;
    const tails = q.aggregation
      ? [suffix, suffix.map((c) => ({ ...c, kind: flip(c.kind) }))]
      : [suffix];
    return tails.some((tail) => {
      const covered = new Set<string>();
      const reading: Index[] = [];
      let any = false;
      for (const index of indexes) {
        const cut = index.columns.length - tail.length;
        if (cut < 0) continue;
        // Equalities merged in name order: either direction of the name serves.
        const endsWith = tail.every((c, i) => {
          const col = index.columns[cut + i];
          return onlyName ? col.path === NAME : sameColumn(col, c);
        });
        if (!endsWith) continue;
        const prefix = index.columns.slice(0, cut);
        const usable = prefix.every((col) =>
          equalities.some((e) => e.path === col.path && e.contains === (col.kind === 'CONTAINS')),
        );
        if (!usable) continue;
        if (!merges && prefix.length < distinct) continue;
        // An index adding no equality the others cover is not read (Firestore merges few).
        if (any && prefix.every((col) => covered.has(`${col.path}:${col.kind === 'CONTAINS'}`)))
          continue;
        any = true;
        reading.push(index);
        for (const col of prefix) covered.add(`${col.path}:${col.kind === 'CONTAINS'}`);
      }
      const served = any && equalities.every((e) => covered.has(`${e.path}:${e.contains}`));
      if (served) used.push(...reading);
      return served;
    });
  }

  private missing(q: QueryShape, scope: Scope, equalities: Equality[], suffix: Column[]) {
    const columns = neededColumns(equalities, suffix);
    const name = columns.pop()!;
    const last = columns[columns.length - 1];
    // The name is implicit when it runs the way the last field does.
    if (last && last.kind !== name.kind && !(last.kind === 'CONTAINS' && name.kind === 'ASCENDING'))
      columns.push(name);
    let needed: string;
    if (columns.length === 1) {
      const { fieldPath, ...index } = columnJson(columns[0]);
      const override = {
        collectionGroup: q.collectionId,
        fieldPath,
        indexes: [{ ...index, queryScope: scope }],
      };
      needed = `this single-field index to "fieldOverrides" in firestore.indexes.json: ${JSON.stringify(override)}`;
    } else {
      const index = {
        collectionGroup: q.collectionId,
        queryScope: scope,
        fields: columns.map(columnJson),
      };
      needed = `this index to "indexes" in firestore.indexes.json: ${JSON.stringify(index)}`;
    }
    return new GrpcError(Status.FAILED_PRECONDITION, `The query requires an index. Add ${needed}`);
  }

  /**
   * The index entries of a document as Firestore counts them: each single-field index of each
   * field (maps are walked into; an array has one array-contains entry per distinct element,
   * any other value one entry per ordered index: two by default), plus, for each composite
   * index whose fields the document all has, the product of its fields' entries (the distinct
   * elements of an array-contains field, one for any other).
   */
  entriesOf(group: string, fields: Fields): number {
    let n = 0;
    // A customer's search keys (about a hundred) meet most of its composite indexes: count
    // each array's distinct elements once, not once per index, or a large import's commits hold
    // the thread here for seconds while every other call waits behind them.
    const counted = new Map<Value, number>();
    const distinct = (value: Value) => {
      let count = counted.get(value);
      if (count === undefined) counted.set(value, (count = distinctElements(value)));
      return count;
    };
    const walk = (map: Fields, prefix: string) => {
      for (const [name, value] of Object.entries(map)) {
        const path = prefix ? `${prefix}.${name}` : name;
        const kind = kindOf(value);
        if (kind === 'mapValue') {
          walk(value.mapValue?.fields ?? {}, path);
          continue;
        }
        const isArray = kind === 'arrayValue';
        // Automatically an array has its array-contains index only; an override may order it.
        const ordersArrays = this.override(group, path) !== undefined;
        for (const s of this.singleField(group, path)) {
          if (s.arrayConfig === 'CONTAINS') n += isArray ? distinct(value) : 0;
          else if (!isArray || ordersArrays) n += 1;
        }
      }
    };
    walk(fields, '');
    for (const index of this.declared.get(group) ?? []) {
      let product = 1;
      for (const f of index) {
        const value = getField(fields, f.path);
        if (value === undefined) {
          product = 0;
          break;
        }
        if (f.contains) product *= kindOf(value) === 'arrayValue' ? distinct(value) : 0;
      }
      n += product;
    }
    return n;
  }

  /** Refuses a document with more index entries than production allows. */
  checkEntries(key: string, fields: Fields): void {
    const parts = key.split('/');
    const group = parts[parts.length - 2];
    if (this.entriesOf(group, fields) > MAX_INDEX_ENTRIES)
      throw new GrpcError(Status.INVALID_ARGUMENT, 'too many index entries for entity');
  }
}
