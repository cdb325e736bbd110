import { timestampFromRest } from './rest-json.ts';
import { HASH_START, hashStep, type SharedStrings } from './shared-strings.ts';
import type { Fields, Value } from './types.ts';
import { timestampMicros } from './values.ts';

/** A document as an export line holds it: its name, fields and times (in microseconds). */
export interface DocFromLine {
  name: string;
  fields: Fields;
  createTime: number;
  updateTime: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const literal = (s: string) => Buffer.from(s, 'latin1');
/** Object keys with their quotes (the byte after the opening one picks which to try). */
const KEYS = {
  stringValue: literal('"stringValue"'),
  arrayValue: literal('"arrayValue"'),
  integerValue: literal('"integerValue"'),
  timestampValue: literal('"timestampValue"'),
  mapValue: literal('"mapValue"'),
  booleanValue: literal('"booleanValue"'),
  bytesValue: literal('"bytesValue"'),
  nullValue: literal('"nullValue"'),
  doubleValue: literal('"doubleValue"'),
  referenceValue: literal('"referenceValue"'),
  values: literal('"values"'),
  fields: literal('"fields"'),
  name: literal('"name"'),
  createTime: literal('"createTime"'),
  updateTime: literal('"updateTime"'),
};
const TRUE = literal('true');
const FALSE = literal('false');
const NULL = literal('null');
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Thrown (one shared instance) when a line is not in the form the reader knows. */
const UNKNOWN_FORM = new Error('not in the form exports write');

/**
 * Reads export lines (Firestore REST `Document`s, tools/firestore/README.md "Export format")
 * straight from their bytes into stored values, as `JSON.parse` then `fieldsFromRest` would,
 * without the parsed objects in between or a string for each string value already shared: the
 * parse, the conversion's map lookups and the garbage both leave are most of a large load's CPU
 * (tools/firestore/README.md).
 *
 * It knows the form exports write: the value kinds but `geoPointValue`, any order of keys,
 * whitespace between tokens. A line in any other form (a key it does not know, a value with a
 * second kind, a payload of another type, a geo point) is undefined: the caller reads that line
 * the general way, which decides (and fails where JSON.parse would).
 */
export class RestLineReader {
  private bytes: Buffer = Buffer.alloc(0);
  private pos = 0;
  private end = 0;

  constructor(
    private readonly strings: SharedStrings,
    /** Field names: a few dozen distinct, looked up apart from the values' millions. */
    private readonly names: SharedStrings,
  ) {}

  read(bytes: Buffer, start: number, end: number): DocFromLine | undefined {
    this.bytes = bytes;
    this.pos = start;
    this.end = end;
    try {
      return this.document();
    } catch (err) {
      if (err === UNKNOWN_FORM) return undefined;
      throw err;
    }
  }

  private document(): DocFromLine {
    let name: string | undefined;
    let fields: Fields | undefined;
    let createTime: string | undefined;
    let updateTime: string | undefined;
    this.expect(OPEN_BRACE);
    do {
      this.skipSpace();
      if (this.key(KEYS.name)) name = this.text();
      else if (this.key(KEYS.fields)) fields = this.fields();
      else if (this.key(KEYS.createTime)) createTime = this.text();
      else if (this.key(KEYS.updateTime)) updateTime = this.text();
      else throw UNKNOWN_FORM;
    } while (this.next(COMMA));
    this.expect(CLOSE_BRACE);
    this.skipSpace();
    if (this.pos !== this.end || name === undefined) throw UNKNOWN_FORM;
    if (createTime === undefined || updateTime === undefined) throw UNKNOWN_FORM;
    return {
      name,
      fields: fields ?? {},
      createTime: timestampMicros(timestampFromRest(createTime)),
      updateTime: timestampMicros(timestampFromRest(updateTime)),
    };
  }

  /** `{ "name": value, … }` */
  private fields(): Fields {
    const out: Fields = {};
    this.expect(OPEN_BRACE);
    if (this.next(CLOSE_BRACE)) return out;
    do {
      this.skipSpace();
      const name = this.string(this.names).stringValue!;
      // Assigning it would set the object's prototype: the general way decides.
      if (name === '__proto__') throw UNKNOWN_FORM;
      this.expect(COLON);
      this.skipSpace();
      out[name] = this.value();
    } while (this.next(COMMA));
    this.expect(CLOSE_BRACE);
    return out;
  }

  /** `{ "<kind>": payload }`, as valueFromRest builds it. */
  private value(): Value {
    this.expect(OPEN_BRACE);
    this.skipSpace();
    const bytes = this.bytes;
    let value: Value;
    if (bytes[this.pos] !== QUOTE) throw UNKNOWN_FORM;
    switch (bytes[this.pos + 1]) {
      case 0x73: // s
        this.kind(KEYS.stringValue);
        value = this.string(this.strings);
        break;
      case 0x61: // a
        this.kind(KEYS.arrayValue);
        value = { arrayValue: { values: this.arrayValues() }, valueType: 'arrayValue' };
        break;
      case 0x69: // i
        this.kind(KEYS.integerValue);
        value = { integerValue: this.integer(), valueType: 'integerValue' };
        break;
      case 0x74: // t
        this.kind(KEYS.timestampValue);
        value = { timestampValue: timestampFromRest(this.text()), valueType: 'timestampValue' };
        break;
      case 0x6d: // m
        this.kind(KEYS.mapValue);
        value = { mapValue: { fields: this.mapFields() }, valueType: 'mapValue' };
        break;
      case 0x62: // b
        if (this.key(KEYS.booleanValue))
          value = { booleanValue: this.boolean(), valueType: 'booleanValue' };
        else {
          this.kind(KEYS.bytesValue);
          value = { bytesValue: Buffer.from(this.text(), 'base64'), valueType: 'bytesValue' };
        }
        break;
      case 0x6e: // n
        this.kind(KEYS.nullValue);
        this.word(NULL);
        value = { nullValue: 'NULL_VALUE', valueType: 'nullValue' };
        break;
      case 0x64: // d
        this.kind(KEYS.doubleValue);
        value = { doubleValue: this.double(), valueType: 'doubleValue' };
        break;
      case 0x72: // r
        this.kind(KEYS.referenceValue);
        value = { referenceValue: this.text(), valueType: 'referenceValue' };
        break;
      default:
        throw UNKNOWN_FORM;
    }
    this.expect(CLOSE_BRACE);
    return value;
  }

  /** An array value's payload: `{}` or `{ "values": [ … ] }`. */
  private arrayValues(): Value[] {
    const values: Value[] = [];
    this.expect(OPEN_BRACE);
    if (this.next(CLOSE_BRACE)) return values;
    this.skipSpace();
    this.kind(KEYS.values);
    this.expect(OPEN_BRACKET);
    if (!this.next(CLOSE_BRACKET)) {
      do values.push(this.value());
      while (this.next(COMMA));
      this.expect(CLOSE_BRACKET);
    }
    this.expect(CLOSE_BRACE);
    return values;
  }

  /** A map value's payload: `{}` or `{ "fields": { … } }`. */
  private mapFields(): Fields {
    this.expect(OPEN_BRACE);
    if (this.next(CLOSE_BRACE)) return {};
    this.skipSpace();
    this.kind(KEYS.fields);
    const fields = this.fields();
    this.expect(CLOSE_BRACE);
    return fields;
  }

  /** A string token, shared through `table`: from its bytes when it is plain ASCII. */
  private string(table: SharedStrings): Value {
    const bytes = this.bytes;
    if (bytes[this.pos] !== QUOTE) throw UNKNOWN_FORM;
    const start = this.pos + 1;
    let hash = HASH_START;
    for (let p = start; p < this.end; p++) {
      const b = bytes[p];
      if (b === QUOTE) {
        this.pos = p + 1;
        return table.ofAscii(bytes, start, p, hash);
      }
      if (b === BACKSLASH || b > 0x7f || b < 0x20) return table.ofString(this.text());
      hash = hashStep(hash, b);
    }
    throw UNKNOWN_FORM;
  }

  /** A string token as a string of its own. */
  private text(): string {
    const bytes = this.bytes;
    if (bytes[this.pos] !== QUOTE) throw UNKNOWN_FORM;
    const start = this.pos;
    let plain = true;
    for (let p = start + 1; p < this.end; p++) {
      const b = bytes[p];
      if (b === QUOTE) {
        this.pos = p + 1;
        return plain
          ? bytes.toString('latin1', start + 1, p)
          : (JSON.parse(bytes.toString('utf8', start, p + 1)) as string);
      }
      if (b === BACKSLASH) {
        plain = false;
        p++;
      } else if (b < 0x20) throw UNKNOWN_FORM;
      else if (b > 0x7f) plain = false;
    }
    throw UNKNOWN_FORM;
  }

  /** integerValue's payload: a decimal string (as exports write it) or a JSON number. */
  private integer(): string | number {
    return this.bytes[this.pos] === QUOTE ? this.text() : this.number();
  }

  /** doubleValue's payload: a number, or a string ("NaN", "Infinity", "-0"). */
  private double(): number {
    return Number(this.bytes[this.pos] === QUOTE ? this.text() : this.number());
  }

  private number(): number {
    const bytes = this.bytes;
    const start = this.pos;
    let p = start;
    for (; p < this.end; p++) {
      const b = bytes[p];
      const numeric = (b >= 0x30 && b <= 0x39) || b === 0x2d || b === 0x2b || b === 0x2e;
      if (!numeric && b !== 0x65 && b !== 0x45) break;
    }
    const token = bytes.toString('latin1', start, p);
    if (!JSON_NUMBER.test(token)) throw UNKNOWN_FORM;
    this.pos = p;
    return Number(token);
  }

  private boolean(): boolean {
    if (this.bytes[this.pos] === TRUE[0]) {
      this.word(TRUE);
      return true;
    }
    this.word(FALSE);
    return false;
  }

  /** The bytes of `word` here, or the line is of another form. */
  private word(word: Buffer): void {
    if (!this.at(word)) throw UNKNOWN_FORM;
    this.pos += word.length;
  }

  /** A value's kind (or a payload's one key) and its colon; the caller saw its first letter. */
  private kind(key: Buffer): void {
    this.word(key);
    this.expect(COLON);
    this.skipSpace();
  }

  /** Whether the key is `key` (then read, with its colon). */
  private key(key: Buffer): boolean {
    if (!this.at(key)) return false;
    this.pos += key.length;
    this.expect(COLON);
    this.skipSpace();
    return true;
  }

  private at(word: Buffer): boolean {
    if (this.pos + word.length > this.end) return false;
    const bytes = this.bytes;
    for (let i = 0; i < word.length; i++) if (bytes[this.pos + i] !== word[i]) return false;
    return true;
  }

  /** Whether `byte` comes next (then read). */
  private next(byte: number): boolean {
    this.skipSpace();
    if (this.bytes[this.pos] !== byte || this.pos >= this.end) return false;
    this.pos++;
    return true;
  }

  private expect(byte: number): void {
    if (!this.next(byte)) throw UNKNOWN_FORM;
  }

  /** JSON's whitespace: space, tab, line feed, carriage return. */
  private skipSpace(): void {
    const bytes = this.bytes;
    for (;;) {
      const b = bytes[this.pos];
      if ((b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || this.pos >= this.end) return;
      this.pos++;
    }
  }
}
