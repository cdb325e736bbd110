import { GrpcError, Status } from '../model/errors.ts';
import { getField, parseFieldPath } from '../model/field-paths.ts';

import type { StoredDoc, Value } from '../model/types.ts';
import { kindOf, NULL_VALUE } from '../model/values.ts';

export interface Aggregation {
  alias?: string;
  count?: { upTo?: { value?: string | number } };
  sum?: { field?: { fieldPath?: string } };
  avg?: { field?: { fieldPath?: string } };
}

const MAX_INT64 = 2n ** 63n - 1n;
const MIN_INT64 = -(2n ** 63n);

function numbersAt(docs: readonly StoredDoc[], fieldPath: string | undefined): Value[] {
  const path = parseFieldPath(fieldPath ?? '');
  const out: Value[] = [];
  for (const doc of docs) {
    const v = getField(doc.fields, path);
    if (v && (kindOf(v) === 'integerValue' || kindOf(v) === 'doubleValue')) out.push(v);
  }
  return out;
}

/** Integers sum as integers until one overflows or a double joins, then as doubles. */
function sum(values: Value[]): Value {
  let intSum = 0n;
  let doubleSum = 0;
  let isDouble = false;
  for (const v of values) {
    if (kindOf(v) === 'integerValue' && !isDouble) {
      intSum += BigInt(v.integerValue ?? 0);
      if (intSum > MAX_INT64 || intSum < MIN_INT64) {
        isDouble = true;
        doubleSum = Number(intSum);
      }
    } else {
      if (!isDouble) doubleSum = Number(intSum);
      isDouble = true;
      doubleSum += kindOf(v) === 'integerValue' ? Number(v.integerValue) : Number(v.doubleValue);
    }
  }
  return isDouble
    ? { doubleValue: doubleSum, valueType: 'doubleValue' }
    : { integerValue: intSum.toString(), valueType: 'integerValue' };
}

function average(values: Value[]): Value {
  if (values.length === 0) return NULL_VALUE;
  let total = 0;
  for (const v of values)
    total += kindOf(v) === 'integerValue' ? Number(v.integerValue) : Number(v.doubleValue);
  return { doubleValue: total / values.length, valueType: 'doubleValue' };
}

/**
 * Firestore counts, sums and averages only over documents that have every field a sum or an
 * average names, so `count` beside `sum('x')` counts the documents that have `x`.
 */
function withAggregatedFields(
  docs: readonly StoredDoc[],
  aggregations: Aggregation[],
): readonly StoredDoc[] {
  const paths = aggregations
    .map((a) => (a.sum ?? a.avg)?.field?.fieldPath)
    .filter((p): p is string => p !== undefined)
    .map(parseFieldPath);
  if (paths.length === 0) return docs;
  return docs.filter((d) => paths.every((p) => getField(d.fields, p) !== undefined));
}

function countValue(count: Aggregation['count'], n: number): Value {
  const upTo = count?.upTo?.value;
  const counted = upTo === undefined ? n : Math.min(n, Number(upTo));
  return { integerValue: String(counted), valueType: 'integerValue' };
}

/** Whether the aggregations are counts alone, which the number of matches answers. */
export const countsOnly = (aggregations: Aggregation[]) => aggregations.every((a) => a.count);

/** The answer of counts alone (see countsOnly) over `n` matches. */
export function counted(n: number, aggregations: Aggregation[]): Record<string, Value> {
  return Object.fromEntries(aggregations.map((a) => [a.alias ?? '', countValue(a.count, n)]));
}

export function aggregate(
  allDocs: readonly StoredDoc[],
  aggregations: Aggregation[],
): Record<string, Value> {
  const docs = withAggregatedFields(allDocs, aggregations);
  const result: Record<string, Value> = {};
  for (const a of aggregations) {
    const alias = a.alias ?? '';
    if (a.count) {
      result[alias] = countValue(a.count, docs.length);
    } else if (a.sum) {
      result[alias] = sum(numbersAt(docs, a.sum.field?.fieldPath));
    } else if (a.avg) {
      result[alias] = average(numbersAt(docs, a.avg.field?.fieldPath));
    } else {
      throw new GrpcError(Status.INVALID_ARGUMENT, 'Unsupported aggregation');
    }
  }
  return result;
}
