import type { Fields, Timestamp, Value } from './types.ts';

/** Firestore's cross-type ordering: the rank of each kind of value. */
const enum Rank {
  Null = 0,
  Boolean = 1,
  Number = 2,
  Timestamp = 3,
  String = 4,
  Bytes = 5,
  Reference = 6,
  GeoPoint = 7,
  Array = 8,
  Vector = 9,
  Map = 10,
}

const KINDS = [
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
] as const;
export type Kind = (typeof KINDS)[number];

export function kindOf(v: Value): Kind {
  if (v.valueType) return v.valueType as Kind;
  for (const k of KINDS) if (v[k] !== undefined) return k;
  return 'nullValue';
}

export const NULL_VALUE: Value = { nullValue: 'NULL_VALUE', valueType: 'nullValue' };

function isVector(v: Value): boolean {
  const type = v.mapValue?.fields?.['__type__'];
  return type !== undefined && type.stringValue === '__vector__';
}

export function rankOf(v: Value): Rank {
  switch (kindOf(v)) {
    case 'nullValue':
      return Rank.Null;
    case 'booleanValue':
      return Rank.Boolean;
    case 'integerValue':
    case 'doubleValue':
      return Rank.Number;
    case 'timestampValue':
      return Rank.Timestamp;
    case 'stringValue':
      return Rank.String;
    case 'bytesValue':
      return Rank.Bytes;
    case 'referenceValue':
      return Rank.Reference;
    case 'geoPointValue':
      return Rank.GeoPoint;
    case 'arrayValue':
      return Rank.Array;
    case 'mapValue':
      return isVector(v) ? Rank.Vector : Rank.Map;
  }
}

export function isNumber(v: Value): boolean {
  const k = kindOf(v);
  return k === 'integerValue' || k === 'doubleValue';
}

export function isNaNValue(v: Value): boolean {
  return kindOf(v) === 'doubleValue' && Number.isNaN(Number(v.doubleValue));
}

export function isNullValue(v: Value): boolean {
  return kindOf(v) === 'nullValue';
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

/** int64 values arrive as decimal strings; short ones are exact as doubles. */
function intOf(v: Value): bigint | number {
  const raw = v.integerValue ?? 0;
  if (typeof raw === 'number') return raw;
  return raw.length < 16 ? Number(raw) : BigInt(raw);
}

const TWO_63 = 2 ** 63;

/** Exact, even for integers beyond 2^53 that no double can hold. */
function compareIntToDouble(i: bigint | number, d: number): number {
  if (Number.isNaN(d)) return 1;
  if (typeof i === 'number') return i < d ? -1 : i > d ? 1 : 0;
  if (d >= TWO_63) return -1;
  if (d < -TWO_63) return 1;
  const floor = Math.floor(d);
  const whole = BigInt(floor);
  if (i !== whole) return i < whole ? -1 : 1;
  return d > floor ? -1 : 0;
}

function compareNumbers(a: Value, b: Value): number {
  const aInt = kindOf(a) === 'integerValue';
  const bInt = kindOf(b) === 'integerValue';
  if (aInt && bInt) {
    const x = intOf(a);
    const y = intOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (aInt) return compareIntToDouble(intOf(a), Number(b.doubleValue));
  if (bInt) return -compareIntToDouble(intOf(b), Number(a.doubleValue));
  const x = Number(a.doubleValue);
  const y = Number(b.doubleValue);
  // NaN sorts before every other number and equals itself.
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Strings compare by UTF-8 bytes, i.e. by code points, not by UTF-16 units. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      const xSurrogate = x >= 0xd800 && x <= 0xdfff;
      const ySurrogate = y >= 0xd800 && y <= 0xdfff;
      if (xSurrogate === ySurrogate) return x < y ? -1 : 1;
      return xSurrogate ? 1 : -1;
    }
  }
  return sign(a.length - b.length);
}

const NUMERIC_ID = /^__id(-?\d+)__$/;

/** Segment order: numeric ids (`__id123__`) first, by number; then strings by code point. */
function compareSegments(a: string, b: string): number {
  const na = NUMERIC_ID.exec(a);
  const nb = NUMERIC_ID.exec(b);
  if (na && nb) {
    const x = BigInt(na[1]);
    const y = BigInt(nb[1]);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (na) return -1;
  if (nb) return 1;
  return compareStrings(a, b);
}

/** Document paths compare segment by segment. */
export function comparePaths(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.includes('__id') && !b.includes('__id')) {
    // Fast path: a '/' ends a segment, so it sorts before any other character.
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const x = a.charCodeAt(i);
      const y = b.charCodeAt(i);
      if (x !== y) {
        if (x === 0x2f) return -1;
        if (y === 0x2f) return 1;
        return compareStrings(a.slice(i, i + 2), b.slice(i, i + 2));
      }
    }
    return sign(a.length - b.length);
  }
  const sa = a.split('/');
  const sb = b.split('/');
  const n = Math.min(sa.length, sb.length);
  for (let i = 0; i < n; i++) {
    const c = compareSegments(sa[i], sb[i]);
    if (c !== 0) return c;
  }
  return sign(sa.length - sb.length);
}

/** The part of a reference or document name after `/documents/`. */
export function relativeName(name: string): string {
  const i = name.indexOf('/documents/');
  return i < 0 ? '' : name.slice(i + '/documents/'.length);
}

export function timestampMicros(t: Timestamp | undefined): number {
  if (!t) return 0;
  return Number(t.seconds ?? 0) * 1e6 + Math.floor((t.nanos ?? 0) / 1000);
}

/** A positive whole number as the wire writes int64 (no sign, no leading zero). */
function isPositiveDecimal(s: string): boolean {
  const first = s.charCodeAt(0);
  return first >= 0x31 && first <= 0x39; // '1' to '9'
}

/**
 * Seconds arrive as decimal strings: two positive ones compare by length, then character by
 * character, as their numbers do — without parsing both on every comparison of a sort.
 */
function compareSeconds(a: string | number, b: string | number): number {
  if (
    typeof a === 'string' &&
    typeof b === 'string' &&
    isPositiveDecimal(a) &&
    isPositiveDecimal(b)
  ) {
    if (a.length !== b.length) return a.length < b.length ? -1 : 1;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  return sign(Number(a) - Number(b));
}

function compareTimestamps(a: Timestamp | undefined, b: Timestamp | undefined): number {
  const s = compareSeconds(a?.seconds ?? 0, b?.seconds ?? 0);
  return s !== 0 ? s : sign((a?.nanos ?? 0) - (b?.nanos ?? 0));
}

function compareBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): number {
  return sign(Buffer.compare(Buffer.from(a ?? []), Buffer.from(b ?? [])));
}

function compareArrays(a: Value[], b: Value[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

function compareMaps(a: Fields, b: Fields): number {
  const ak = Object.keys(a).sort(compareStrings);
  const bk = Object.keys(b).sort(compareStrings);
  const n = Math.min(ak.length, bk.length);
  for (let i = 0; i < n; i++) {
    const k = compareStrings(ak[i], bk[i]);
    if (k !== 0) return k;
    const c = compareValues(a[ak[i]], b[bk[i]]);
    if (c !== 0) return c;
  }
  return sign(ak.length - bk.length);
}

function vectorOf(v: Value): Value[] {
  return v.mapValue?.fields?.['value']?.arrayValue?.values ?? [];
}

/** Total order of Firestore values, across types. */
export function compareValues(a: Value, b: Value): number {
  const ra = rankOf(a);
  const rb = rankOf(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case Rank.Null:
      return 0;
    case Rank.Boolean:
      return sign(Number(!!a.booleanValue) - Number(!!b.booleanValue));
    case Rank.Number:
      return compareNumbers(a, b);
    case Rank.Timestamp:
      return compareTimestamps(a.timestampValue, b.timestampValue);
    case Rank.String:
      return compareStrings(a.stringValue ?? '', b.stringValue ?? '');
    case Rank.Bytes:
      return compareBytes(a.bytesValue, b.bytesValue);
    case Rank.Reference:
      return comparePaths(
        relativeName(a.referenceValue ?? ''),
        relativeName(b.referenceValue ?? ''),
      );
    case Rank.GeoPoint: {
      const c = sign((a.geoPointValue?.latitude ?? 0) - (b.geoPointValue?.latitude ?? 0));
      return c !== 0
        ? c
        : sign((a.geoPointValue?.longitude ?? 0) - (b.geoPointValue?.longitude ?? 0));
    }
    case Rank.Array:
      return compareArrays(a.arrayValue?.values ?? [], b.arrayValue?.values ?? []);
    case Rank.Vector: {
      const va = vectorOf(a);
      const vb = vectorOf(b);
      return va.length !== vb.length ? sign(va.length - vb.length) : compareArrays(va, vb);
    }
    case Rank.Map:
      return compareMaps(a.mapValue?.fields ?? {}, b.mapValue?.fields ?? {});
  }
}

/** Equality as queries see it: same rank and no order between them (so 1 == 1.0). */
export function valuesEqual(a: Value, b: Value): boolean {
  return rankOf(a) === rankOf(b) && compareValues(a, b) === 0;
}

/** A number's key: its exact decimal value when whole (so int 1 and double 1.0 share one). */
function numberKey(n: bigint | number): string {
  if (typeof n === 'bigint' || Number.isSafeInteger(n)) return String(n); // String(-0) is '0'
  return Number.isInteger(n) ? BigInt(n).toString() : String(n); // NaN, ±Infinity, fractions
}

/** A reference's key: its relative name, numeric ids (`__id007__`) written as comparePaths reads them. */
function referenceKey(name: string): string {
  const path = relativeName(name);
  if (!path.includes('__id')) return path;
  return path
    .split('/')
    .map((segment) => {
      const numeric = NUMERIC_ID.exec(segment);
      return numeric ? `__id${BigInt(numeric[1])}__` : segment;
    })
    .join('/');
}

/**
 * Names a value up to query equality, for the kept value indexes: two values have the same key
 * exactly when valuesEqual holds (int 1 and double 1.0, 0 and -0, NaN and NaN share one), the
 * first character naming the rank. (Geo points with NaN coordinates, which no SDK writes, are
 * the exception: compareValues finds them equal to any latitude or longitude.)
 */
export function valueKey(v: Value): string {
  switch (rankOf(v)) {
    case Rank.Null:
      return 'z';
    case Rank.Boolean:
      return v.booleanValue ? 'b1' : 'b0';
    case Rank.Number:
      return `n${numberKey(kindOf(v) === 'integerValue' ? intOf(v) : Number(v.doubleValue))}`;
    case Rank.Timestamp:
      return `t${Number(v.timestampValue?.seconds ?? 0)}.${v.timestampValue?.nanos ?? 0}`;
    case Rank.String:
      return `s${v.stringValue ?? ''}`;
    case Rank.Bytes:
      return `y${Buffer.from(v.bytesValue ?? []).toString('base64')}`;
    case Rank.Reference:
      return `r${referenceKey(v.referenceValue ?? '')}`;
    case Rank.GeoPoint:
      // `+ 0` turns -0 into 0, which compares equal to it.
      return `g${(v.geoPointValue?.latitude ?? 0) + 0},${(v.geoPointValue?.longitude ?? 0) + 0}`;
    case Rank.Array:
      return `a${JSON.stringify((v.arrayValue?.values ?? []).map(valueKey))}`;
    case Rank.Vector:
      return `v${JSON.stringify(vectorOf(v).map(valueKey))}`;
    case Rank.Map: {
      const fields = v.mapValue?.fields ?? {};
      const names = Object.keys(fields).sort(compareStrings);
      return `m${JSON.stringify(names.map((name) => [name, valueKey(fields[name])]))}`;
    }
  }
}

export function arrayContains(values: Value[], v: Value): boolean {
  for (const x of values) if (valuesEqual(x, v)) return true;
  return false;
}

/**
 * A test of whether a value is query-equal to one of `list`. When `list` holds only strings
 * (search keys, statuses, ids: the common case), a value is looked up in a set instead of
 * compared with each, which `array-contains` over documents of a hundred search keys needs.
 */
export function equalsOneOf(list: Value[]): (v: Value) => boolean {
  if (list.length > 0 && list.every((x) => kindOf(x) === 'stringValue')) {
    if (list.length === 1) {
      // One string (a name search's key): compared directly, in about half a set lookup's time
      // (a count while the value index builds tests every key of every document).
      const only = list[0].stringValue ?? '';
      return (v) => (v.stringValue ?? '') === only && kindOf(v) === 'stringValue';
    }
    const strings = new Set(list.map((x) => x.stringValue ?? ''));
    return (v) => kindOf(v) === 'stringValue' && strings.has(v.stringValue ?? '');
  }
  return (v) => arrayContains(list, v);
}

/** Exact sameness, as stored: unlike query equality, 1 and 1.0 differ here. */
export function identicalValues(a: Value, b: Value): boolean {
  const kind = kindOf(a);
  if (kind !== kindOf(b)) return false;
  switch (kind) {
    case 'nullValue':
      return true;
    case 'doubleValue':
      return Object.is(Number(a.doubleValue), Number(b.doubleValue));
    case 'integerValue':
      return String(a.integerValue) === String(b.integerValue);
    case 'arrayValue': {
      const x = a.arrayValue?.values ?? [];
      const y = b.arrayValue?.values ?? [];
      return x.length === y.length && x.every((v, i) => identicalValues(v, y[i]));
    }
    case 'mapValue':
      return identicalFields(a.mapValue?.fields ?? {}, b.mapValue?.fields ?? {});
    default:
      return compareValues(a, b) === 0;
  }
}

export function identicalFields(a: Fields, b: Fields): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => b[k] !== undefined && identicalValues(a[k], b[k]));
}

/**
 * Firestore keeps timestamps to the microsecond. Returns the value itself when nothing needs
 * truncating, so the common case allocates nothing.
 */
export function truncateTimestamps(v: Value): Value {
  switch (kindOf(v)) {
    case 'timestampValue': {
      const nanos = v.timestampValue?.nanos ?? 0;
      if (nanos % 1000 === 0) return v;
      return { ...v, timestampValue: { ...v.timestampValue, nanos: nanos - (nanos % 1000) } };
    }
    case 'arrayValue': {
      const values = v.arrayValue?.values ?? [];
      const out = values.map(truncateTimestamps);
      return out.some((x, i) => x !== values[i]) ? { ...v, arrayValue: { values: out } } : v;
    }
    case 'mapValue': {
      const fields = v.mapValue?.fields ?? {};
      const out = truncateFieldTimestamps(fields);
      return out !== fields ? { ...v, mapValue: { fields: out } } : v;
    }
    default:
      return v;
  }
}

export function truncateFieldTimestamps(fields: Fields): Fields {
  let out: Fields | undefined;
  for (const [k, v] of Object.entries(fields)) {
    const t = truncateTimestamps(v);
    if (t !== v) (out ??= { ...fields })[k] = t;
  }
  return out ?? fields;
}
