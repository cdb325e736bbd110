// How a customer list request becomes one Firestore query: at most one array filter (the
// search keys, or the category keys, which also name the owner), potential by equality, the created-on range, the sort
// field then the document id as order, and a cursor on those. What one query cannot say (a
// search together with categories or an owner, or more than CATEGORY_KEY_MAX_SET categories) is
// checked on the documents the query returns (`residual`).
import { FieldPath, Timestamp, type DocumentData, type Query } from 'firebase-admin/firestore';
import { SORT_FIELDS } from '../../contract/customers';
import {
  decodeCursor as readCursorJson,
  encodeCursor as writeCursorJson,
  invalidCursor,
} from '../../http/page-cursor';
import { ownerOf } from '../../domain/customers/owner';
import {
  CATEGORY_KEY_MAX_SET,
  categorySetKey,
  filterKey,
  hasAllCategories,
  queryTokens,
} from '../../domain/customers/search-keys';

export { SORT_FIELDS };
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDir = 'asc' | 'desc';

/** The stored field each sort orders by. */
export const SORT_PATHS: Record<SortField, string> = {
  name: 'nameSort',
  phone: 'phoneSort',
  email: 'emailSort',
  potential: 'potentialRank',
  createdAt: 'createdAt',
};

export interface ListFilters {
  q: string;
  categories: string[];
  potential: string;
  /** Created on or after `start` and before `end`. */
  range?: { start: Date; end: Date };
  /** The owner's employee id; '' for customers without an owner; absent: anyone's. */
  owner?: string;
  /** Last contacted (the conversation's newest message) on or after `start`, before `end`. */
  contacted?: { start: Date; end: Date };
  /** One of the customer's entries carries this tag (any case). */
  tag?: string;
}

export interface ListOrder {
  sort: SortField;
  dir: SortDir;
}

export interface ArrayFilter {
  field: 'searchKeys' | 'categoryKeys';
  op: 'array-contains' | 'array-contains-any';
  value: string | string[];
}

export interface ListPlan {
  array?: ArrayFilter;
  potential?: string;
  range?: { start: Date; end: Date };
  /** Order fields before the document id. */
  orderFields: string[];
  dir: SortDir;
  /** Checked on each returned document when the query alone does not say all. */
  residual?: (data: DocumentData) => boolean;
  /** Nothing can match (a search text without a letter or digit). */
  empty?: boolean;
}

function orderFields(filters: ListFilters, order: ListOrder): string[] {
  const path = SORT_PATHS[order.sort];
  const fields: string[] = [];
  // Filtered on one potential, the rank is the same for every match: ordering by it is a no-op.
  if (!(order.sort === 'potential' && filters.potential)) fields.push(path);
  // Firestore orders by a range's field after the explicit orders; say so, for the cursor.
  if (filters.range && path !== 'createdAt') fields.push('createdAt');
  return fields;
}

function hasAnyKey(data: DocumentData, tokens: string[]): boolean {
  const keys: unknown = data.searchKeys;
  return Array.isArray(keys) && tokens.some((t) => keys.includes(t));
}

function categoriesOf(data: DocumentData): string[] {
  return Array.isArray(data.categories) ? data.categories.filter((c) => typeof c === 'string') : [];
}

/**
 * The ways to run the request: one plan, or two when a search meets a category filter (one
 * led by the search keys, one by the category keys; the caller runs the one with fewer
 * candidates).
 */
export function listPlans(filters: ListFilters, order: ListOrder): ListPlan[] {
  const base: ListPlan = {
    potential: filters.potential || undefined,
    range: filters.range,
    orderFields: orderFields(filters, order),
    dir: order.dir,
  };
  const q = filters.q.trim();
  const tokens = q ? queryTokens(q) : [];
  if (q && tokens.length === 0) return [{ ...base, empty: true }];
  const categories = [...new Set(filters.categories.map((c) => c.trim()).filter(Boolean))];
  const keyed = [...categories]
    .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))
    .slice(0, CATEGORY_KEY_MAX_SET);
  const { owner } = filters;
  const categoryFilter: ArrayFilter = {
    field: 'categoryKeys',
    op: 'array-contains',
    value: filterKey(categorySetKey(keyed), owner),
  };
  const allCategories = (data: DocumentData) => hasAllCategories(categoriesOf(data), categories);
  const owned = (data: DocumentData) => (ownerOf(data)?._id ?? '') === owner;
  const all = (checks: ((data: DocumentData) => boolean)[]) =>
    checks.length > 0 ? (data: DocumentData) => checks.every((check) => check(data)) : undefined;
  const plans: ListPlan[] = [];
  if (tokens.length > 0) {
    plans.push({
      ...base,
      array: { field: 'searchKeys', op: 'array-contains-any', value: tokens },
      residual: all([
        ...(categories.length > 0 ? [allCategories] : []),
        ...(owner !== undefined ? [owned] : []),
      ]),
    });
  }
  if (categories.length > 0 || owner !== undefined) {
    plans.push({
      ...base,
      array: categoryFilter,
      residual: all([
        ...(tokens.length > 0 ? [(data: DocumentData) => hasAnyKey(data, tokens)] : []),
        ...(categories.length > keyed.length ? [allCategories] : []),
      ]),
    });
  }
  return plans.length > 0 ? plans : [base];
}

/** The plan's filters only (what a count needs), on `customers` (the whole collection). */
export function filterQuery(customers: Query, plan: ListPlan): Query {
  let query = customers;
  if (plan.array) query = query.where(plan.array.field, plan.array.op, plan.array.value);
  if (plan.potential !== undefined) query = query.where('potential', '==', plan.potential);
  if (plan.range) {
    query = query
      .where('createdAt', '>=', Timestamp.fromDate(plan.range.start))
      .where('createdAt', '<', Timestamp.fromDate(plan.range.end));
  }
  return query;
}

/** What the plan's query would say of one document (for documents read by id). */
export function matchesPlan(plan: ListPlan, data: DocumentData): boolean {
  if (plan.empty) return false;
  if (plan.array) {
    const have: unknown = data[plan.array.field];
    const wanted = [plan.array.value].flat();
    if (!Array.isArray(have) || !wanted.some((value) => have.includes(value))) return false;
  }
  if (plan.potential !== undefined && data.potential !== plan.potential) return false;
  if (plan.range) {
    const at = data.createdAt instanceof Timestamp ? data.createdAt.toMillis() : NaN;
    if (!(at >= plan.range.start.getTime() && at < plan.range.end.getTime())) return false;
  }
  return !plan.residual || plan.residual(data);
}

/** The fields `matchesPlan` and the order read. */
export const planFields = (plan: ListPlan): string[] => [
  ...plan.orderFields,
  ...(plan.array ? [plan.array.field] : []),
  'potential',
  'createdAt',
  'categories',
  'owner',
  ...(plan.residual ? ['searchKeys'] : []),
];

/** The plan's filters and its full order, ending with the document id. */
export function orderedQuery(customers: Query, plan: ListPlan): Query {
  let query = filterQuery(customers, plan);
  for (const field of plan.orderFields) query = query.orderBy(field, plan.dir);
  return query.orderBy(FieldPath.documentId(), plan.dir);
}

// Cursors: the order values of the last document shown and its id, with the order they
// belong to, base64url-encoded JSON. Opaque to clients.

type CursorValue = string | number | { t: [number, number] };
type Position = { values: (string | number | Timestamp)[]; id: string };

function signature(plan: ListPlan): string {
  return `${plan.orderFields.join(',')}:${plan.dir}`;
}

export function positionOf(plan: ListPlan, id: string, data: DocumentData): Position {
  return {
    values: plan.orderFields.map((field) => {
      const value: unknown = data[field];
      if (value instanceof Timestamp || typeof value === 'string' || typeof value === 'number')
        return value;
      // Documents without the field do not match an ordered query: unreachable in practice.
      return '';
    }),
    id,
  };
}

export function encodeCursor(plan: ListPlan, position: Position): string {
  const v: CursorValue[] = position.values.map((value) =>
    value instanceof Timestamp ? { t: [value.seconds, value.nanoseconds] } : value,
  );
  return writeCursorJson({ o: signature(plan), v, id: position.id });
}

export function decodeCursor(plan: ListPlan, cursor: string): Position {
  const parsed = readCursorJson(cursor);
  const { o, v, id } = (parsed ?? {}) as { o?: unknown; v?: unknown; id?: unknown };
  if (o !== signature(plan) || typeof id !== 'string' || !id || id.includes('/'))
    throw invalidCursor();
  if (!Array.isArray(v) || v.length !== plan.orderFields.length) throw invalidCursor();
  const values = v.map((value: unknown, i) => {
    const field = plan.orderFields[i];
    if (field === 'createdAt') {
      const t = (value as { t?: unknown } | null)?.t;
      if (!Array.isArray(t) || t.length !== 2 || !t.every((n) => Number.isInteger(n)))
        throw invalidCursor();
      try {
        return new Timestamp(t[0] as number, t[1] as number);
      } catch {
        throw invalidCursor();
      }
    }
    if (field === 'potentialRank' ? Number.isInteger(value) : typeof value === 'string')
      return value as string | number;
    throw invalidCursor();
  });
  return { values, id };
}

/** The arguments of `startAfter` for a position: its order values, then its document id. */
export function startAfterArgs(position: Position): (string | number | Timestamp)[] {
  return [...position.values, position.id];
}

function compareUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function compareValue(a: string | number | Timestamp, b: string | number | Timestamp): number {
  if (a instanceof Timestamp && b instanceof Timestamp)
    return a.seconds - b.seconds || a.nanoseconds - b.nanoseconds;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareUtf8(String(a), String(b));
}

/** Firestore's order between two positions of the same plan (negative: `a` comes first). */
export function comparePositions(plan: ListPlan, a: Position, b: Position): number {
  let result = 0;
  for (let i = 0; i < a.values.length && result === 0; i++)
    result = compareValue(a.values[i], b.values[i]);
  if (result === 0) result = compareUtf8(a.id, b.id);
  return plan.dir === 'asc' ? result : -result;
}

/** Every plan shape the list, the export and their counts can produce. */
export function allPlanShapes(): ListPlan[] {
  const plans: ListPlan[] = [];
  const range = { start: new Date(0), end: new Date(86_400_000) };
  // An owner filter is a category key's query (filterKey): the shapes with categories are its.
  for (const q of ['', 'ravi'])
    for (const categories of [[], ['PHE'], ['PHE', 'PP', 'SS PUMP', 'PROJECTS']])
      for (const potential of ['', 'HOT'])
        for (const withRange of [false, true])
          for (const sort of SORT_FIELDS)
            for (const dir of ['asc', 'desc'] as const)
              plans.push(
                ...listPlans(
                  { q, categories, potential, range: withRange ? range : undefined },
                  { sort, dir },
                ),
              );
  return plans;
}
