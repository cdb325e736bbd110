// An import reads export lines straight from their bytes (RestLineReader): every line it takes
// must give exactly what JSON.parse and the general conversion give, and every line in another
// form must be left to them (undefined).
import { describe, expect, it } from 'vitest';
import { RestLineReader } from '../src/model/rest-bytes.ts';
import { fieldsFromRest, fieldsToRest, timestampFromRest } from '../src/model/rest-json.ts';
import { HASH_START, hashStep, SharedStrings } from '../src/model/shared-strings.ts';
import type { Fields, Value } from '../src/model/types.ts';
import { timestampMicros } from '../src/model/values.ts';
import { random } from './helpers.ts';

const reader = () => new RestLineReader(new SharedStrings(), new SharedStrings());

/** The general way: JSON.parse, then the conversion of each value. */
function general(line: string) {
  const rest = JSON.parse(line) as {
    name: string;
    fields?: Record<string, unknown>;
    createTime: string;
    updateTime: string;
  };
  return {
    name: rest.name,
    fields: fieldsFromRest(rest.fields ?? {}, new SharedStrings()),
    createTime: timestampMicros(timestampFromRest(rest.createTime)),
    updateTime: timestampMicros(timestampFromRest(rest.updateTime)),
  };
}

/** A line padded with other lines' bytes: the reader must keep to its range. */
function readLine(line: string, from = reader()) {
  const bytes = Buffer.from(`{"x":1}\n${line}\n{"y":2}`);
  const start = Buffer.byteLength('{"x":1}\n');
  return from.read(bytes, start, start + Buffer.byteLength(line));
}

const NAME = 'projects/p/databases/(default)/documents/c/d';
const TIMES = '"createTime":"2026-01-02T03:04:05.123456789Z","updateTime":"2026-01-02T03:04:05.5Z"';
const line = (fields: string) => `{"name":"${NAME}","fields":${fields},${TIMES}}`;

describe('export lines read from their bytes', () => {
  it('reads every kind of value as the general way does', () => {
    const lines = [
      line('{}'),
      `{"name":"${NAME}",${TIMES}}`,
      line(
        '{"s":{"stringValue":"plain"},"u":{"stringValue":"héllo 😀 नमस्ते"},' +
          '"e":{"stringValue":"a \\"quoted\\" \\\\ line\\nbreak \\u0041\\ud83d\\ude00"},' +
          '"empty":{"stringValue":""},"i":{"integerValue":"-9007199254740993"},' +
          '"n":{"integerValue":42},"d":{"doubleValue":2.5},"e7":{"doubleValue":-1.5e-7},' +
          '"nan":{"doubleValue":"NaN"},"inf":{"doubleValue":"-Infinity"},' +
          '"z":{"doubleValue":"-0"},"t":{"booleanValue":true},"f":{"booleanValue":false},' +
          '"nul":{"nullValue":null},"ts":{"timestampValue":"2026-01-01T10:11:12.000000001Z"},' +
          '"ts2":{"timestampValue":"2026-01-01T10:11:12Z"},"b":{"bytesValue":"AAH+/w=="},' +
          '"r":{"referenceValue":"projects/p/databases/(default)/documents/c/e"},' +
          '"a":{"arrayValue":{"values":[{"stringValue":"x"},{"arrayValue":{}},' +
          '{"mapValue":{"fields":{"k":{"stringValue":"x"}}}}]}},"ea":{"arrayValue":{"values":[]}},' +
          '"m":{"mapValue":{}},"em":{"mapValue":{"fields":{}}},"ünï.`x`":{"stringValue":"k"},' +
          '"esc\\"aped":{"integerValue":"1"}}',
      ),
      // Another order of keys, and whitespace between every token.
      ` { "updateTime" : "2026-01-02T03:04:05.000000000Z" , "fields" : { "a" : { "arrayValue" :
        { "values" : [ { "stringValue" : "x" } , { "doubleValue" : 1 } ] } } , "m" : { "mapValue"
        : { "fields" : { } } } } , "createTime" : "2026-01-02T03:04:05.000000000Z" ,
        "name" : "${NAME}" } `,
      // A key given twice: the last one counts, in the first one's place.
      line('{"a":{"integerValue":"1"},"b":{"integerValue":"2"},"a":{"integerValue":"3"}}'),
    ];
    for (const text of lines) {
      const read = readLine(text);
      expect(read, text).toEqual(general(text));
      expect(Object.keys(read!.fields)).toEqual(Object.keys(general(text).fields));
    }
  });

  it('reads random documents as the general way does', () => {
    const rnd = random(11);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
    const strings = ['', 'a', 'n:ravi s', 'héllo', '😀', 'x"y', 'back\\slash', 'tab\there'];
    const value = (depth: number): Value => {
      switch (Math.floor(rnd() * (depth > 2 ? 8 : 10))) {
        case 0:
          return { nullValue: 'NULL_VALUE' };
        case 1:
          return { booleanValue: rnd() < 0.5 };
        case 2:
          return { integerValue: String(Math.floor((rnd() - 0.5) * 1e12)) };
        case 3:
          return { doubleValue: pick([0.5, -0, NaN, Infinity, 1e300, (rnd() - 0.5) * 1e6]) };
        case 4:
          return { timestampValue: { seconds: String(Math.floor(rnd() * 4e9)), nanos: 7 } };
        case 5:
        case 6:
          return { stringValue: pick(strings) + String(Math.floor(rnd() * 5)) };
        case 7:
          return { bytesValue: Buffer.from([1, 2, Math.floor(rnd() * 256)]) };
        case 8:
          return {
            arrayValue: { values: Array.from({ length: rnd() * 4 }, () => value(depth + 1)) },
          };
        default:
          return { mapValue: { fields: fields(depth + 1) } };
      }
    };
    const fields = (depth: number): Fields =>
      Object.fromEntries(Array.from({ length: rnd() * 6 }, () => [pick(strings), value(depth)]));
    const shared = reader();
    for (let i = 0; i < 500; i++) {
      const text = JSON.stringify({
        name: NAME,
        fields: fieldsToRest(fields(0)),
        createTime: '2026-01-02T03:04:05.123456789Z',
        updateTime: '2026-01-02T03:04:05.123456789Z',
      });
      expect(readLine(text, shared), text).toEqual(general(text));
    }
  });

  it('shares one value per distinct string, however a line spells it', () => {
    const shared = reader();
    const first = readLine(line('{"a":{"stringValue":"abc"},"b":{"stringValue":"é"}}'), shared)!;
    const second = readLine(
      line(
        '{"a":{"stringValue":"\\u0061bc"},"b":{"stringValue":"\\u00e9"},"c":{"stringValue":"abc"}}',
      ),
      shared,
    )!;
    expect(second.fields.a).toBe(first.fields.a);
    expect(second.fields.c).toBe(first.fields.a);
    expect(second.fields.b).toBe(first.fields.b);
  });

  it('leaves lines in other forms to the general way', () => {
    for (const text of [
      line('{"g":{"geoPointValue":{"latitude":1,"longitude":2}}}'),
      line('{"two":{"stringValue":"a","integerValue":"1"}}'),
      line('{"odd":{"stringValue":5}}'),
      line('{"odd":{"booleanValue":"true"}}'),
      line('{"odd":{"nullValue":0}}'),
      line('{"odd":{"doubleValue":01}}'),
      line('{"odd":{"arrayValue":{"values":[],"more":1}}}'),
      line('{"odd":{}}'),
      line('{"__proto__":{"stringValue":"a"}}'),
      `{"name":"${NAME}","fields":{},${TIMES},"extra":1}`,
      `{"name":"${NAME}","fields":{},"createTime":"2026-01-02T03:04:05Z"}`,
      `${line('{}')} x`,
      line('{"s":{"stringValue":"tab\there"}}'),
    ])
      expect(readLine(text), text).toBeUndefined();
  });
});

describe('shared strings', () => {
  it('finds every string again as the same value, from a string or from its bytes', () => {
    const strings = new SharedStrings();
    const texts = Array.from({ length: 50_000 }, (_, i) => (i % 7 === 0 ? `é:${i}` : `k:${i}`));
    const values = texts.map((s) => strings.ofString(s));
    const again = (s: string) => {
      const bytes = Buffer.from(`"${s}"`, 'latin1');
      let hash = HASH_START;
      for (let i = 1; i < bytes.length - 1; i++) hash = hashStep(hash, bytes[i]);
      return strings.ofAscii(bytes, 1, bytes.length - 1, hash);
    };
    // Twice: the second round finds them among the recently found too.
    const wrong = [...texts, ...texts].filter((s, i) => {
      const expected = values[i % texts.length];
      const found = s.startsWith('k:') ? again(s) : strings.ofString(s);
      return found !== expected || expected.stringValue !== s;
    });
    expect(wrong).toEqual([]);
    expect(strings.size).toBe(50_000);
    expect(again('new')).toBe(strings.ofString('new'));
  });
});
