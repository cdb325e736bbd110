// Documents in Firestore's REST (proto3 JSON) form: the embedded Firestore's export format
// (tools/firestore/README.md), which its :import call loads far faster than 600,000 writes
// through the Admin SDK would. Written straight to bytes, a chunk at a time: building each line
// as strings (a template per value, joins, then the UTF-8 encoding of the lot) would copy every
// byte several times, and the large size is gigabytes (docs/benchmarks.md).
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { PROJECT_ID } from '../../stack/config.ts';

const QUOTE = 0x22;
const NEWLINE = 0x0a;
/** A chunk is handed on once it holds this much (whole lines only). */
const CHUNK_BYTES = 8 << 20;
const DOCUMENTS = `projects/${PROJECT_ID}/databases/(default)/documents/`;

function timestampText(t: Timestamp): string {
  const iso = new Date(t.seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '');
  return `"${iso}.${String(t.nanoseconds).padStart(9, '0')}Z"`;
}

/** Writes the document at `path` ('customers/abc') with `data`, written at `writtenAt`. */
export type WriteDocument = (path: string, data: DocumentData, writtenAt: Timestamp) => void;

/**
 * Export lines, one per document, written into chunks of bytes; `flush` gets each chunk once
 * it is full (and the last one from `end`), and keeps it: a new one is taken for what follows.
 */
export class ExportLines {
  private bytes = Buffer.allocUnsafe(CHUNK_BYTES + (1 << 20));
  private pos = 0;

  constructor(private readonly flush: (chunk: Buffer) => void) {}

  /** The document at `path` ('customers/abc') with `data`, written at `writtenAt`. */
  add(path: string, data: DocumentData, writtenAt: Timestamp): void {
    const time = timestampText(writtenAt);
    this.ascii('{"name":');
    this.string(`${DOCUMENTS}${path}`);
    this.ascii(',"fields":');
    this.fields(data);
    this.ascii(',"createTime":');
    this.ascii(time);
    this.ascii(',"updateTime":');
    this.ascii(time);
    this.ascii('}');
    this.room(1);
    this.bytes[this.pos++] = NEWLINE;
    if (this.pos >= CHUNK_BYTES) this.end();
  }

  /** Hands on what is written so far. */
  end(): void {
    if (this.pos === 0) return;
    this.flush(this.bytes.subarray(0, this.pos));
    this.bytes = Buffer.allocUnsafe(this.bytes.length);
    this.pos = 0;
  }

  /** As the Admin SDK encodes a JS value (safe integers as integers, other numbers as doubles). */
  private value(value: unknown): void {
    if (value === null) this.ascii('{"nullValue":null}');
    else if (typeof value === 'string') {
      this.ascii('{"stringValue":');
      this.string(value);
      this.ascii('}');
    } else if (typeof value === 'boolean')
      this.ascii(value ? '{"booleanValue":true}' : '{"booleanValue":false}');
    else if (typeof value === 'number')
      this.ascii(
        Number.isSafeInteger(value)
          ? `{"integerValue":"${value}"}`
          : `{"doubleValue":${JSON.stringify(value)}}`,
      );
    else if (value instanceof Timestamp) this.ascii(`{"timestampValue":${timestampText(value)}}`);
    else if (value instanceof Date)
      this.ascii(`{"timestampValue":${timestampText(Timestamp.fromDate(value))}}`);
    else if (Array.isArray(value)) {
      this.ascii('{"arrayValue":{"values":[');
      for (let i = 0; i < value.length; i++) {
        if (i > 0) this.ascii(',');
        this.value(value[i]);
      }
      this.ascii(']}}');
    } else if (typeof value === 'object') {
      this.ascii('{"mapValue":{"fields":');
      this.fields(value as DocumentData);
      this.ascii('}}');
    } else throw new Error(`Cannot store ${typeof value} in Firestore`);
  }

  private fields(data: DocumentData): void {
    this.ascii('{');
    let first = true;
    for (const key of Object.keys(data)) {
      const value: unknown = data[key];
      if (value === undefined) continue;
      if (!first) this.ascii(',');
      first = false;
      this.string(key);
      this.ascii(':');
      this.value(value);
    }
    this.ascii('}');
  }

  /** `s` as JSON.stringify writes it: byte by byte when it is printable ASCII (nearly all). */
  private string(s: string): void {
    // Room for the longest escaping: six bytes a code unit (\u001f), and the quotes.
    this.room(s.length * 6 + 2);
    const bytes = this.bytes;
    let p = this.pos;
    bytes[p++] = QUOTE;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === QUOTE || c === 0x5c) {
        this.pos += bytes.write(JSON.stringify(s), this.pos, 'utf8');
        return;
      }
      bytes[p++] = c;
    }
    bytes[p++] = QUOTE;
    this.pos = p;
  }

  /** Text that is ASCII and needs no escaping (the format's own words, numbers, times). */
  private ascii(s: string): void {
    this.room(s.length);
    const bytes = this.bytes;
    let p = this.pos;
    for (let i = 0; i < s.length; i++) bytes[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  /** At least `n` more bytes in the chunk: a line longer than its spare megabyte grows it. */
  private room(n: number): void {
    if (this.pos + n <= this.bytes.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.pos + n));
    this.bytes.copy(larger, 0, 0, this.pos);
    this.bytes = larger;
  }
}
