// Documents in Firestore's REST (proto3 JSON) form: the embedded Firestore's export format
// (tools/firestore/README.md), which its :import call loads far faster than 600,000 writes
// through the Admin SDK would. Written straight to text (no intermediate objects): at 600,000
// documents of a few hundred search keys each, this is most of the generator's time.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { PROJECT_ID } from '../../stack/config.ts';

function timestampText(t: Timestamp): string {
  const iso = new Date(t.seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '');
  return `"${iso}.${String(t.nanoseconds).padStart(9, '0')}Z"`;
}

/** As the Admin SDK encodes a JS value (safe integers as integers, other numbers as doubles). */
function restValue(value: unknown): string {
  if (value === null) return '{"nullValue":null}';
  if (typeof value === 'string') return `{"stringValue":${JSON.stringify(value)}}`;
  if (typeof value === 'boolean') return `{"booleanValue":${value}}`;
  if (typeof value === 'number')
    return Number.isSafeInteger(value)
      ? `{"integerValue":"${value}"}`
      : `{"doubleValue":${JSON.stringify(value)}}`;
  if (value instanceof Timestamp) return `{"timestampValue":${timestampText(value)}}`;
  if (value instanceof Date)
    return `{"timestampValue":${timestampText(Timestamp.fromDate(value))}}`;
  if (Array.isArray(value)) return `{"arrayValue":{"values":[${value.map(restValue).join(',')}]}}`;
  if (typeof value === 'object')
    return `{"mapValue":{"fields":${restFields(value as DocumentData)}}}`;
  throw new Error(`Cannot store ${typeof value} in Firestore`);
}

function restFields(data: DocumentData): string {
  const fields: string[] = [];
  for (const [key, value] of Object.entries(data))
    if (value !== undefined) fields.push(`${JSON.stringify(key)}:${restValue(value)}`);
  return `{${fields.join(',')}}`;
}

/** One line of the export file: the document at `path` ('customers/abc') with `data`. */
export function exportLine(path: string, data: DocumentData, writtenAt: Timestamp): string {
  const time = timestampText(writtenAt);
  const name = JSON.stringify(`projects/${PROJECT_ID}/databases/(default)/documents/${path}`);
  return `{"name":${name},"fields":${restFields(data)},"createTime":${time},"updateTime":${time}}`;
}
