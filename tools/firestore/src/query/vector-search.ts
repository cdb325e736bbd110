// Vector search (a query's FindNearest stage): the documents whose vector field is nearest to
// the query vector, after the query's filters, as Firestore serves it without an index: every
// candidate's distance is computed exactly (the real service reads an approximate index; on
// the small data sets of tests the two agree).
import { GrpcError, Status } from '../model/errors.ts';
import { getField, parseFieldPath, withField } from '../model/field-paths.ts';

import type { StoredDoc, StructuredQuery, Value } from '../model/types.ts';
import { comparePaths } from '../model/values.ts';

type Measure = 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';

export interface NearestSearch {
  field: string[];
  query: number[];
  measure: Measure;
  limit: number;
  /** Where each result carries its distance, if asked. */
  resultField?: string[];
  threshold?: number;
}

const MAX_LIMIT = 1000;

function invalid(message: string): never {
  throw new GrpcError(Status.INVALID_ARGUMENT, message);
}

/** The numbers of a vector value (a map `{ __type__: '__vector__', value: [...] }`), else undefined. */
export function vectorOf(v: Value | undefined): number[] | undefined {
  const fields = v?.mapValue?.fields;
  if (fields?.['__type__']?.stringValue !== '__vector__') return undefined;
  const values = fields['value']?.arrayValue?.values ?? [];
  const numbers: number[] = [];
  for (const x of values) {
    if (x.doubleValue !== undefined) numbers.push(Number(x.doubleValue));
    else if (x.integerValue !== undefined) numbers.push(Number(x.integerValue));
    else return undefined;
  }
  return numbers;
}

/** Checks a query's FindNearest stage: the parts of a query it cannot go with, its limit, its vector. */
export function compileNearest(query: StructuredQuery): NearestSearch | undefined {
  const nearest = query.findNearest;
  if (!nearest) return undefined;
  if (query.limit !== undefined) invalid('A query limit cannot be used with FindNearest');
  if (query.offset) invalid('A query offset cannot be used with FindNearest');
  if (query.startAt || query.endAt) invalid('A cursor cannot be used with FindNearest');
  const limit = nearest.limit?.value ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    invalid(`FindNearest.limit must be a positive integer of no more than ${MAX_LIMIT}`);
  }
  const measure = nearest.distanceMeasure;
  if (measure !== 'EUCLIDEAN' && measure !== 'COSINE' && measure !== 'DOT_PRODUCT') {
    invalid('FindNearest.distance_measure must be EUCLIDEAN, COSINE or DOT_PRODUCT');
  }
  const vector = vectorOf(nearest.queryVector);
  if (!vector || vector.length === 0)
    invalid('FindNearest.query_vector must be a non-empty vector');
  const fieldPath = nearest.vectorField?.fieldPath;
  if (!fieldPath) invalid('FindNearest.vector_field is required');
  return {
    field: parseFieldPath(fieldPath),
    query: vector,
    measure,
    limit,
    resultField: nearest.distanceResultField
      ? parseFieldPath(nearest.distanceResultField)
      : undefined,
    threshold: nearest.distanceThreshold?.value,
  };
}

function distance(measure: Measure, a: number[], b: number[]): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  let squares = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
    squares += (a[i] - b[i]) ** 2;
  }
  if (measure === 'DOT_PRODUCT') return dot;
  if (measure === 'EUCLIDEAN') return Math.sqrt(squares);
  // A zero vector has no direction: its cosine distance is NaN and it comes last.
  return 1 - dot / (Math.sqrt(aa) * Math.sqrt(bb));
}

/**
 * The nearest `limit` of the documents that passed the query's filters: those whose field
 * holds a vector of the query vector's dimension, within the threshold (for DOT_PRODUCT a
 * larger product is nearer, so the threshold is a minimum), nearest first, ties by document
 * name, NaN distances last.
 */
export function nearestDocs(docs: Iterable<StoredDoc>, search: NearestSearch): StoredDoc[] {
  const larger = search.measure === 'DOT_PRODUCT';
  const scored: { doc: StoredDoc; d: number }[] = [];
  for (const doc of docs) {
    const vector = vectorOf(getField(doc.fields, search.field));
    if (!vector || vector.length !== search.query.length) continue;
    const d = distance(search.measure, search.query, vector);
    if (search.threshold !== undefined && !(larger ? d >= search.threshold : d <= search.threshold))
      continue;
    scored.push({ doc, d });
  }
  scored.sort((x, y) => {
    if (Number.isNaN(x.d) || Number.isNaN(y.d)) {
      if (!Number.isNaN(x.d)) return -1;
      if (!Number.isNaN(y.d)) return 1;
    } else if (x.d !== y.d) return (larger ? y.d - x.d : x.d - y.d) < 0 ? -1 : 1;
    return comparePaths(x.doc.key, y.doc.key);
  });
  return scored.slice(0, search.limit).map(({ doc, d }) => {
    if (!search.resultField) return doc;
    const value: Value = { doubleValue: d, valueType: 'doubleValue' };
    return { ...doc, fields: withField(doc.fields, search.resultField, value) };
  });
}
