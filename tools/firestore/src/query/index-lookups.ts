import { getField, parseFieldPath } from '../model/field-paths.ts';
import type { Database } from '../storage/store.ts';
import type { Filter, StoredDoc, Value } from '../model/types.ts';
import type { ValueLookup } from '../indexes/value-index.ts';
import { isNaNValue, kindOf, NULL_VALUE } from '../model/values.ts';

/**
 * A filter a value index answers: every document it matches has one of `values` at `path`
 * (as the field's value or as an element of it), so those documents are the candidates.
 */
export interface IndexLookup {
  path: string[];
  values: Value[];
  /**
   * Set when a document the index names for `values` matches the filter if its field is an
   * array (`element`: array-contains) or is not (`value`: `==` and `in`): an index names a
   * field's value and its elements alike, and its keys meet as query equality does. Unset
   * where the filter needs its whole test (null, NaN, arrays and maps).
   */
  heldAs?: 'element' | 'value';
}

/** What of a compiled query the lookups need: its collection and its lookups. */
export interface LookupTarget {
  parentKey: string;
  collectionId: string;
  lookups: IndexLookup[];
}

const NAN_VALUE: Value = { doubleValue: NaN, valueType: 'doubleValue' };

/** Kinds whose valueKey meets exactly as query equality does (NaN is left out below). */
const PLAIN_KINDS = new Set([
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'referenceValue',
]);

const plain = (v: Value) => PLAIN_KINDS.has(kindOf(v)) && !isNaNValue(v);

/** How a match holds a lookup's value, by the filter's operator (see IndexLookup.heldAs). */
const HELD_AS: Partial<Record<string, 'element' | 'value'>> = {
  ARRAY_CONTAINS: 'element',
  ARRAY_CONTAINS_ANY: 'element',
  EQUAL: 'value',
  IN: 'value',
};

/** The values a filter names, when a match must hold one of them at the filter's field. */
function lookupValues(filter: Filter): Value[] | undefined {
  if (filter.unaryFilter) {
    if (filter.unaryFilter.op === 'IS_NULL') return [NULL_VALUE];
    if (filter.unaryFilter.op === 'IS_NAN') return [NAN_VALUE];
    return undefined;
  }
  const value = filter.fieldFilter?.value ?? {};
  switch (filter.fieldFilter?.op) {
    case 'ARRAY_CONTAINS':
    case 'EQUAL':
      return [value];
    case 'ARRAY_CONTAINS_ANY':
    case 'IN':
      return value.arrayValue?.values ?? [];
    default:
      return undefined;
  }
}

/**
 * The filters of a query's `where` that every result satisfies (the filter itself, or the
 * parts of a top-level AND) and a value index answers. Not those naming an array: an index
 * holds an array field's elements, not the array (the compiled matcher still tests them all).
 */
export function indexLookups(where: Filter | undefined): IndexLookup[] {
  return conjuncts(where).flatMap((filter) => {
    const fieldPath = (filter.fieldFilter ?? filter.unaryFilter)?.field?.fieldPath;
    const values = lookupValues(filter);
    if (!fieldPath || fieldPath === '__name__' || !values) return [];
    if (values.some((v) => kindOf(v) === 'arrayValue')) return [];
    const heldAs = values.every(plain) ? HELD_AS[filter.fieldFilter?.op ?? ''] : undefined;
    return [{ path: parseFieldPath(fieldPath), values, heldAs }];
  });
}

/** The filters every match satisfies: the filter itself, or the parts of a top-level AND. */
function conjuncts(where: Filter | undefined): Filter[] {
  if (!where) return [];
  const op = where.compositeFilter?.op;
  if (!where.compositeFilter || (op !== 'AND' && op !== undefined)) return [where];
  return (where.compositeFilter.filters ?? []).flatMap(conjuncts);
}

/**
 * When every filter of the query is a lookup with `heldAs`: a test of a document that the
 * lookups' indexes all name, in place of the whole filter's (which compares, say, each of a
 * hundred search keys again). Undefined otherwise.
 */
export function heldMatcher(
  where: Filter | undefined,
  lookups: IndexLookup[],
): ((doc: StoredDoc) => boolean) | undefined {
  if (lookups.length === 0 || lookups.length !== conjuncts(where).length) return undefined;
  if (!lookups.every((l) => l.heldAs)) return undefined;
  return (doc) =>
    lookups.every(({ path, heldAs }) => {
      const value = getField(doc.fields, path);
      return value !== undefined && (kindOf(value) === 'arrayValue') === (heldAs === 'element');
    });
}

/** Arrays at least this long are tested through their index: the matcher compares each element. */
const LONG_ARRAY = 16;

/**
 * For documents read in a kept order: a quick first test that each lookup with a kept index
 * holds the document's long array (a set lookup instead of comparing, say, every element of a
 * hundred search keys), as Firestore walks an index holding only such documents. Other values
 * are left to the matcher, which tests them as fast as finding the document's slot would.
 * Undefined when no lookup has an index. The caller still matches what passes.
 */
export function heldByLookups(
  db: Database,
  q: LookupTarget,
): ((doc: StoredDoc) => boolean) | undefined {
  const indexed: { path: string[]; index: ValueLookup; values: Value[] }[] = [];
  for (const { path, values } of q.lookups) {
    const index = db.valueLookup(q.parentKey, q.collectionId, path, values);
    if (index) indexed.push({ path, index, values });
  }
  if (indexed.length === 0) return undefined;
  const slotOf = db.slotFinder(q.parentKey, q.collectionId);
  return (doc) =>
    indexed.every(({ path, index, values }) => {
      const elements = getField(doc.fields, path)?.arrayValue?.values;
      if (!elements || elements.length < LONG_ARRAY) return true;
      const slot = slotOf(doc.key);
      return slot !== undefined && index.holds(slot, values);
    });
}

/**
 * For a read of every match (an aggregation): the documents every lookup with a kept index
 * names, as Firestore merges equality indexes — those of the lookup naming the fewest, kept when
 * each other index holds them too. Undefined when no lookup has an index. A superset of the
 * matches (an index names a field's value and its elements alike): the caller still matches.
 * `everyLookup`: each lookup had a kept index, so each named every document found.
 */
export function mergedCandidates(
  db: Database,
  q: LookupTarget,
): { docs: StoredDoc[]; everyLookup: boolean } | undefined {
  const indexed: { index: ValueLookup; values: Value[]; count: number }[] = [];
  for (const { path, values } of q.lookups) {
    const index = db.valueLookup(q.parentKey, q.collectionId, path, values);
    if (index) indexed.push({ index, values, count: index.count(values) });
  }
  if (indexed.length === 0) return undefined;
  indexed.sort((a, b) => a.count - b.count);
  const [lead, ...rest] = indexed;
  const docs: StoredDoc[] = [];
  for (const slot of lead.index.slots(lead.values)) {
    if (slot.doc && rest.every((r) => r.index.holds(slot, r.values))) docs.push(slot.doc);
  }
  return { docs, everyLookup: indexed.length === q.lookups.length };
}

/**
 * The documents a query of one collection can match, from the kept value index of its
 * filter with the fewest documents; undefined when none of its filters has an index.
 * `walkWindow`: the query could instead walk a kept order until it has that many matches,
 * about walkWindow × collection size / matches documents; as there are no more matches than
 * candidates, the index is read only when candidates² ≤ walkWindow × collection size, so it
 * is surely the cheaper read (a rare value is; `status == 'open'` over half the collection
 * is not).
 */
export function indexedCandidates(
  db: Database,
  q: LookupTarget,
  walkWindow: number,
): Iterable<StoredDoc> | undefined {
  let best: { index: ValueLookup; values: Value[]; count: number } | undefined;
  for (const { path, values } of q.lookups) {
    const index = db.valueLookup(q.parentKey, q.collectionId, path, values);
    if (!index) continue;
    const count = index.count(values);
    if (!best || count < best.count) best = { index, values, count };
  }
  if (!best) return undefined;
  if (best.count ** 2 > walkWindow * db.slotCount(q.parentKey, q.collectionId)) return undefined;
  return best.index.docs(best.values);
}
