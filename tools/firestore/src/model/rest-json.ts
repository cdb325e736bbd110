import type { Fields, Timestamp, Value } from './types.ts';
import type { SharedStrings } from './shared-strings.ts';
import { kindOf } from './values.ts';

/**
 * Firestore's REST (proto3 JSON) encoding of values and timestamps: the documented format of
 * exports.
 */
export type RestValue = Record<string, unknown>;

export function timestampToRest(t: Timestamp): string {
  const seconds = Number(t.seconds ?? 0);
  const nanos = t.nanos ?? 0;
  const iso = new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '');
  return `${iso}.${String(nanos).padStart(9, '0')}Z`;
}

/** Seconds at the start of each day an import's timestamps named (a few hundred days). */
const dayStarts = new Map<string, number>();

/** The digits of `s` from `start` to `end` as a number; NaN if one is not a digit. */
function digitsAt(s: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
}

/**
 * `YYYY-MM-DDTHH:MM:SS.nnnnnnnnnZ`, the form exports write, without a regular expression or a
 * date parse for each: an import reads several per document. Undefined for any other form.
 */
function canonicalTimestamp(s: string): Timestamp | undefined {
  if (s.length !== 30 || s[10] !== 'T' || s[13] !== ':' || s[16] !== ':' || s[19] !== '.')
    return undefined;
  if (s[29] !== 'Z') return undefined;
  const day = s.slice(0, 10);
  let start = dayStarts.get(day);
  if (start === undefined) {
    start = Date.parse(`${day}T00:00:00Z`) / 1000;
    if (dayStarts.size > 100_000) dayStarts.clear();
    dayStarts.set(day, start);
  }
  const [hours, minutes, seconds] = [digitsAt(s, 11, 13), digitsAt(s, 14, 16), digitsAt(s, 17, 19)];
  const nanos = digitsAt(s, 20, 29);
  // Out of range (or not digits): left to the date parse, which decides.
  if (!(hours < 24 && minutes < 60 && seconds < 60 && nanos >= 0) || Number.isNaN(start))
    return undefined;
  return { seconds: String(start + hours * 3600 + minutes * 60 + seconds), nanos };
}

export function timestampFromRest(s: string): Timestamp {
  const canonical = canonicalTimestamp(s);
  if (canonical) return canonical;
  const m = /^(.*?)(?:\.(\d{1,9}))?Z$/.exec(s);
  if (!m) throw new Error(`Invalid timestamp: ${s}`);
  const seconds = Math.floor(Date.parse(`${m[1]}Z`) / 1000);
  return { seconds: String(seconds), nanos: Number((m[2] ?? '').padEnd(9, '0')) };
}

/** NaN, the infinities and -0 do not survive as JSON numbers; proto3 JSON allows strings. */
function doubleToRest(n: number): number | string {
  return Number.isFinite(n) && !Object.is(n, -0) ? n : Object.is(n, -0) ? '-0' : String(n);
}

export function valueToRest(v: Value): RestValue {
  const kind = kindOf(v);
  switch (kind) {
    case 'nullValue':
      return { nullValue: null };
    case 'doubleValue':
      return { doubleValue: doubleToRest(Number(v.doubleValue)) };
    case 'integerValue':
      return { integerValue: String(v.integerValue) };
    case 'timestampValue':
      return { timestampValue: timestampToRest(v.timestampValue ?? {}) };
    case 'bytesValue':
      return { bytesValue: Buffer.from(v.bytesValue ?? []).toString('base64') };
    case 'arrayValue':
      return { arrayValue: { values: (v.arrayValue?.values ?? []).map(valueToRest) } };
    case 'mapValue':
      return { mapValue: { fields: fieldsToRest(v.mapValue?.fields ?? {}) } };
    default:
      return { [kind]: v[kind] };
  }
}

export function fieldsToRest(fields: Fields): Record<string, RestValue> {
  const out: Record<string, RestValue> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = valueToRest(v);
  return out;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- parsed JSON */
export function valueFromRest(r: any, strings: SharedStrings): Value {
  // Most values are strings: found without listing the value's keys.
  const kind = (typeof r.stringValue === 'string' ? 'stringValue' : firstKey(r)) as keyof Value;
  switch (kind) {
    case 'stringValue':
      return strings.ofString(r.stringValue);
    case 'nullValue':
      return { nullValue: 'NULL_VALUE', valueType: kind };
    case 'doubleValue':
      return { doubleValue: Number(r.doubleValue), valueType: kind };
    case 'timestampValue':
      return { timestampValue: timestampFromRest(r.timestampValue), valueType: kind };
    case 'bytesValue':
      return { bytesValue: Buffer.from(r.bytesValue, 'base64'), valueType: kind };
    case 'arrayValue':
      return {
        arrayValue: {
          values: valuesFromRest(r.arrayValue.values ?? [], strings),
        },
        valueType: kind,
      };
    case 'mapValue':
      return {
        mapValue: { fields: fieldsFromRest(r.mapValue.fields ?? {}, strings) },
        valueType: kind,
      };
    default:
      return { [kind]: r[kind], valueType: kind };
  }
}

function firstKey(r: object): string | undefined {
  for (const k in r) return k;
  return undefined;
}

/** An array's values: a loop, not a map with a closure (an import converts millions). */
function valuesFromRest(r: any[], strings: SharedStrings): Value[] {
  const values = new Array<Value>(r.length);
  for (let i = 0; i < r.length; i++) values[i] = valueFromRest(r[i], strings);
  return values;
}

/**
 * `strings` is the table a whole load or replay shares: a new table costs a quarter megabyte
 * (its cache of recent strings), which one a document made a replay allocate gigabytes.
 */
export function fieldsFromRest(r: Record<string, any>, strings: SharedStrings): Fields {
  const out: Fields = {};
  // Parsed JSON: its own keys only, no pairs to allocate as Object.entries would.
  for (const k in r) out[k] = valueFromRest(r[k], strings);
  return out;
}
/* eslint-enable @typescript-eslint/no-explicit-any */
