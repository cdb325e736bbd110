/** The protobuf messages as @grpc/proto-loader hands them to us (and takes them back). */

export interface Timestamp {
  seconds?: string | number;
  nanos?: number;
}

export interface Value {
  valueType?: string;
  nullValue?: string | number;
  booleanValue?: boolean;
  integerValue?: string | number;
  doubleValue?: number;
  timestampValue?: Timestamp;
  stringValue?: string;
  bytesValue?: Uint8Array;
  referenceValue?: string;
  geoPointValue?: { latitude?: number; longitude?: number };
  arrayValue?: { values?: Value[] };
  mapValue?: { fields?: Fields };
}

export type Fields = Record<string, Value>;

export interface Document {
  name?: string;
  fields?: Fields;
  createTime?: Timestamp;
  updateTime?: Timestamp;
}

export interface FieldReference {
  fieldPath?: string;
}

export interface FieldFilter {
  field?: FieldReference;
  op?: string;
  value?: Value;
}

export interface UnaryFilter {
  op?: string;
  field?: FieldReference;
}

export interface CompositeFilter {
  op?: string;
  filters?: Filter[];
}

export interface Filter {
  compositeFilter?: CompositeFilter;
  fieldFilter?: FieldFilter;
  unaryFilter?: UnaryFilter;
}

export interface Cursor {
  values?: Value[];
  before?: boolean;
}

export interface StructuredQuery {
  select?: { fields?: FieldReference[] };
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: Filter;
  orderBy?: { field?: FieldReference; direction?: string }[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset?: number;
  limit?: { value?: number };
  findNearest?: FindNearest;
}

export interface FindNearest {
  vectorField?: FieldReference;
  queryVector?: Value;
  distanceMeasure?: string;
  limit?: { value?: number };
  distanceResultField?: string;
  distanceThreshold?: { value?: number };
}

export interface Precondition {
  exists?: boolean;
  updateTime?: Timestamp;
}

export interface FieldTransform {
  fieldPath?: string;
  setToServerValue?: string;
  increment?: Value;
  maximum?: Value;
  minimum?: Value;
  appendMissingElements?: { values?: Value[] };
  removeAllFromArray?: { values?: Value[] };
}

export interface Write {
  update?: Document;
  delete?: string;
  transform?: { document?: string; fieldTransforms?: FieldTransform[] };
  verify?: string;
  updateMask?: { fieldPaths?: string[] };
  updateTransforms?: FieldTransform[];
  currentDocument?: Precondition;
}

export interface TransactionOptions {
  readOnly?: { readTime?: Timestamp };
  readWrite?: { retryTransaction?: Uint8Array };
}

/** One stored version of a document. Versions are immutable: a write stores a new one. */
export interface StoredDoc {
  /** Full resource name: projects/p/databases/d/documents/c/id */
  readonly name: string;
  /** The path below `documents/`: c/id/sub/id2 */
  readonly key: string;
  readonly fields: Fields;
  /** Microseconds since the epoch. */
  readonly createTime: number;
  readonly updateTime: number;
}
