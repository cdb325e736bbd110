import { GrpcError, Status } from './model/errors.ts';
import { getField, parseFieldPath, withField, withFields } from './model/field-paths.ts';
import type { Database } from './storage/store.ts';
import type { Fields, FieldTransform, StoredDoc, Value, Write } from './model/types.ts';
import {
  arrayContains,
  compareValues,
  identicalFields,
  isNumber,
  kindOf,
  NULL_VALUE,
  relativeName,
  timestampMicros,
  truncateFieldTimestamps,
  truncateTimestamps,
  valuesEqual,
} from './model/values.ts';
import { toTimestamp } from './model/timestamps.ts';
import { checkDocument, checkDocumentKey } from './model/validation.ts';

export interface WriteOutcome {
  key: string;
  /** The new version, or undefined when the write deletes the document. */
  doc: StoredDoc | undefined;
  /** False for a `verify` write, or one that leaves the document as it was. */
  changes: boolean;
  transformResults: Value[];
}

/** Checks that a name is a document of this database and returns its key. */
export function documentKey(db: Database, name: string | undefined): string {
  const key = name && name.startsWith(`${db.documentsPrefix}/`) ? relativeName(name) : '';
  const segments = key.split('/');
  if (key === '' || segments.length % 2 !== 0 || segments.some((s) => s === '')) {
    throw new GrpcError(Status.INVALID_ARGUMENT, `Invalid document name: ${name ?? ''}`);
  }
  return key;
}

function truncateValue(v: Value | undefined): Value | undefined {
  return v === undefined ? undefined : truncateTimestamps(v);
}

function checkPrecondition(write: Write, name: string, current: StoredDoc | undefined): void {
  const pre = write.currentDocument;
  if (!pre) return;
  if (pre.exists === true && !current)
    throw new GrpcError(Status.NOT_FOUND, `No document to update: ${name}`);
  if (pre.exists === false && current)
    throw new GrpcError(Status.ALREADY_EXISTS, `Document already exists: ${name}`);
  if (pre.updateTime && (!current || current.updateTime !== timestampMicros(pre.updateTime))) {
    throw new GrpcError(
      Status.FAILED_PRECONDITION,
      `The document ${name} has been updated since the given time`,
    );
  }
}

const MAX_INT64 = 2n ** 63n - 1n;
const MIN_INT64 = -(2n ** 63n);

function asDouble(v: Value): number {
  return kindOf(v) === 'integerValue' ? Number(v.integerValue) : Number(v.doubleValue);
}

function add(a: Value, b: Value): Value {
  if (kindOf(a) === 'integerValue' && kindOf(b) === 'integerValue') {
    let n = BigInt(a.integerValue ?? 0) + BigInt(b.integerValue ?? 0);
    // Integer increments saturate instead of wrapping around.
    if (n > MAX_INT64) n = MAX_INT64;
    if (n < MIN_INT64) n = MIN_INT64;
    return { integerValue: n.toString(), valueType: 'integerValue' };
  }
  return { doubleValue: asDouble(a) + asDouble(b), valueType: 'doubleValue' };
}

function applyTransform(t: FieldTransform, previous: Value | undefined, commitTime: number): Value {
  if (t.setToServerValue !== undefined) {
    if (t.setToServerValue !== 'REQUEST_TIME') {
      throw new GrpcError(
        Status.INVALID_ARGUMENT,
        `Unsupported server value: ${t.setToServerValue}`,
      );
    }
    return { timestampValue: toTimestamp(commitTime), valueType: 'timestampValue' };
  }
  const numericPrevious = previous !== undefined && isNumber(previous) ? previous : undefined;
  if (t.increment) return numericPrevious ? add(numericPrevious, t.increment) : t.increment;
  if (t.maximum) {
    return numericPrevious && compareValues(numericPrevious, t.maximum) >= 0
      ? numericPrevious
      : t.maximum;
  }
  if (t.minimum) {
    return numericPrevious && compareValues(numericPrevious, t.minimum) <= 0
      ? numericPrevious
      : t.minimum;
  }
  const existing = previous?.arrayValue?.values ?? [];
  if (t.appendMissingElements) {
    const values = [...existing];
    for (const v of t.appendMissingElements.values ?? [])
      if (!arrayContains(values, v)) values.push(v);
    return { arrayValue: { values }, valueType: 'arrayValue' };
  }
  if (t.removeAllFromArray) {
    const remove = t.removeAllFromArray.values ?? [];
    const values = existing.filter((v) => !remove.some((r) => valuesEqual(r, v)));
    return { arrayValue: { values }, valueType: 'arrayValue' };
  }
  throw new GrpcError(
    Status.INVALID_ARGUMENT,
    `Unsupported field transform on ${t.fieldPath ?? ''}`,
  );
}

/** Applies one write to the current version; throws (changing nothing) when it cannot. */
export function applyWrite(
  db: Database,
  write: Write,
  current: StoredDoc | undefined,
  commitTime: number,
): WriteOutcome {
  const name = write.update?.name ?? write.delete ?? write.verify ?? write.transform?.document;
  const key = documentKey(db, name);
  checkPrecondition(write, name!, current);
  if (write.verify !== undefined)
    return { key, doc: current, changes: false, transformResults: [] };
  if (write.delete !== undefined)
    return { key, doc: undefined, changes: true, transformResults: [] };
  checkDocumentKey(key);

  let fields: Fields;
  if (write.update && write.updateMask) {
    const update = write.update.fields;
    fields = withFields(
      current?.fields ?? {},
      (write.updateMask.fieldPaths ?? []).map((path) => {
        const segments = parseFieldPath(path);
        return [segments, truncateValue(getField(update, segments))] as const;
      }),
    );
  } else if (write.update) {
    fields = truncateFieldTimestamps(write.update.fields ?? {});
  } else {
    fields = current?.fields ?? {};
  }
  const transformResults: Value[] = [];
  for (const t of write.updateTransforms ?? write.transform?.fieldTransforms ?? []) {
    const segments = parseFieldPath(t.fieldPath ?? '');
    const result = applyTransform(t, getField(fields, segments), commitTime);
    fields = withField(fields, segments, result);
    const isArrayTransform = t.appendMissingElements || t.removeAllFromArray;
    transformResults.push(isArrayTransform ? NULL_VALUE : result);
  }
  // A write that leaves the document as it was keeps its update time (and wakes no listener).
  if (current && identicalFields(current.fields, fields)) {
    return { key, doc: current, changes: false, transformResults };
  }
  checkDocument(key, fields);
  const doc: StoredDoc = {
    name: name!,
    key,
    fields,
    createTime: current?.createTime ?? commitTime,
    updateTime: commitTime,
  };
  return { key, doc, changes: true, transformResults };
}
