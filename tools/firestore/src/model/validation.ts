import { GrpcError, Status } from './errors.ts';
import type { Fields, Filter, StructuredQuery, Value } from './types.ts';
import { kindOf } from './values.ts';

/** Ids and field names of the form __x__ are Firestore's own. */
const RESERVED = /^__.*__$/;
/** Except numeric ids: `__id7__`, `__id-2__` (a non-zero 64-bit integer in canonical form). */
const NUMERIC_ID = /^__id(-?[1-9][0-9]*)__$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const MAX_ID_BYTES = 1500;
const MAX_DOCUMENT_BYTES = 1_048_576;
const MAX_DISJUNCTIONS = 30;
const MAX_NOT_IN = 10;

function invalid(message: string): never {
  throw new GrpcError(Status.INVALID_ARGUMENT, message);
}

function utf8(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

export function checkDocumentKey(key: string): void {
  for (const id of key.split('/')) {
    if (id === '.' || id === '..') invalid(`Document id "${id}" is invalid`);
    const numeric = NUMERIC_ID.exec(id);
    if (numeric) {
      const n = BigInt(numeric[1]);
      if (n < INT64_MIN || n > INT64_MAX) invalid(`Resource id "${id}" is not a 64 bit integer`);
    } else if (RESERVED.test(id)) invalid(`Resource id "${id}" is reserved`);
    if (utf8(id) > MAX_ID_BYTES) invalid(`Resource id is longer than ${MAX_ID_BYTES} bytes`);
  }
}

/** Firestore's storage size of a value (its documented size calculation). */
function valueSize(v: Value, insideArray: boolean, path: string): number {
  switch (kindOf(v)) {
    case 'nullValue':
    case 'booleanValue':
      return 1;
    case 'integerValue':
    case 'doubleValue':
    case 'timestampValue':
      return 8;
    case 'geoPointValue':
      return 16;
    case 'stringValue':
      return utf8(v.stringValue ?? '') + 1;
    case 'bytesValue':
      return v.bytesValue?.length ?? 0;
    case 'referenceValue':
      return referenceSize(v.referenceValue ?? '');
    case 'arrayValue':
      if (insideArray) invalid(`Cannot have an array directly inside an array (${path})`);
      return (v.arrayValue?.values ?? []).reduce((n, x) => n + valueSize(x, true, path), 0);
    case 'mapValue':
      checkVector(v, path);
      return fieldsSize(v.mapValue?.fields ?? {}, `${path}.`);
  }
}

const MAX_VECTOR_DIMENSIONS = 2048;

function checkVector(v: Value, path: string): void {
  const fields = v.mapValue?.fields ?? {};
  if (fields['__type__']?.stringValue !== '__vector__') return;
  const dimensions = fields['value']?.arrayValue?.values?.length ?? 0;
  if (dimensions === 0 || dimensions > MAX_VECTOR_DIMENSIONS) {
    invalid(`A vector needs 1 to ${MAX_VECTOR_DIMENSIONS} dimensions (${path})`);
  }
}

function referenceSize(name: string): number {
  const relative = name.slice(name.indexOf('/documents/') + '/documents/'.length);
  return relative.split('/').reduce((n, s) => n + utf8(s) + 1, 16);
}

function fieldsSize(fields: Fields, prefix: string): number {
  let size = 0;
  for (const [name, value] of Object.entries(fields)) {
    // A vector value is a map that names its type in the one reserved field allowed.
    const vectorType = name === '__type__' && value.stringValue === '__vector__';
    if (RESERVED.test(name) && !vectorType) invalid(`Field name "${prefix}${name}" is reserved`);
    size += utf8(name) + 1 + valueSize(value, false, `${prefix}${name}`);
  }
  return size;
}

/** Checks a document about to be stored: reserved names, nested arrays, the 1 MiB limit. */
export function checkDocument(key: string, fields: Fields): void {
  const size = referenceSize(`/documents/${key}`) + fieldsSize(fields, '') + 32;
  if (size > MAX_DOCUMENT_BYTES) {
    invalid(`Document "${key}" is ${size} bytes, over the ${MAX_DOCUMENT_BYTES}-byte limit`);
  }
}

interface FilterStats {
  disjunctions: number;
  arrayContains: number;
  notIn: number;
  notEqual: number;
}

/** Counts the disjunctions of the filter in disjunctive normal form, and a few operators. */
function filterStats(filter: Filter, stats: FilterStats): number {
  const composite = filter.compositeFilter;
  if (composite) {
    const counts = (composite.filters ?? []).map((f) => filterStats(f, stats));
    if (composite.op === 'OR') return counts.reduce((a, b) => a + b, 0);
    return counts.reduce((a, b) => a * b, 1);
  }
  const f = filter.fieldFilter;
  if (!f) return 1;
  const list = f.value?.arrayValue?.values ?? [];
  switch (f.op) {
    case 'IN':
    case 'ARRAY_CONTAINS_ANY':
      if (list.length === 0) invalid(`'${f.op}' filters need a non-empty array`);
      if (list.length > MAX_DISJUNCTIONS)
        invalid(`'${f.op}' filters support at most ${MAX_DISJUNCTIONS} values`);
      if (f.op === 'ARRAY_CONTAINS_ANY') stats.arrayContains++;
      return list.length;
    case 'NOT_IN':
      if (list.length === 0) invalid(`'NOT_IN' filters need a non-empty array`);
      if (list.length > MAX_NOT_IN)
        invalid(`'NOT_IN' filters support at most ${MAX_NOT_IN} values`);
      stats.notIn++;
      return 1;
    case 'ARRAY_CONTAINS':
      stats.arrayContains++;
      return 1;
    case 'NOT_EQUAL':
      stats.notEqual++;
      return 1;
    default:
      return 1;
  }
}

/** The query limits Firestore enforces, so a query that production refuses is refused here too. */
export function checkQuery(query: StructuredQuery): void {
  if (!query.where) return;
  const stats: FilterStats = { disjunctions: 0, arrayContains: 0, notIn: 0, notEqual: 0 };
  const disjunctions = filterStats(query.where, stats);
  if (disjunctions > MAX_DISJUNCTIONS) {
    invalid(
      `The query has ${disjunctions} disjunctions in normal form; at most ${MAX_DISJUNCTIONS} are allowed`,
    );
  }
  if (stats.arrayContains > 1 && disjunctions === 1) {
    invalid('A query can use at most one array-contains or array-contains-any filter');
  }
  if (stats.notIn > 1) invalid('A query can use at most one not-in filter');
  if (stats.notIn > 0 && (stats.notEqual > 0 || disjunctions > 1)) {
    invalid("A not-in filter cannot be combined with '!=', 'in', 'array-contains-any' or 'or'");
  }
}
