// A kept order is sorted from keys read once per document (sortByKeys); it must give exactly
// the order of comparing the documents' values one by one (compareValues, then the document
// name), for every kind of value, mixed kinds, ties and either direction.
import { describe, expect, it } from 'vitest';
import { docComparator, sortByKeys, type OrderedField } from '../src/model/sort-keys.ts';
import type { StoredDoc, Value } from '../src/model/types.ts';
import { random } from './helpers.ts';

const ref = (path: string): Value => ({
  referenceValue: `projects/p/databases/(default)/documents/${path}`,
  valueType: 'referenceValue',
});
const ts = (seconds: string | number, nanos: number): Value => ({
  timestampValue: { seconds, nanos },
  valueType: 'timestampValue',
});
const int = (n: string | number): Value => ({ integerValue: n, valueType: 'integerValue' });
const dbl = (n: number): Value => ({ doubleValue: n, valueType: 'doubleValue' });
const str = (s: string): Value => ({ stringValue: s, valueType: 'stringValue' });
const arr = (values: Value[]): Value => ({ arrayValue: { values }, valueType: 'arrayValue' });
const map = (fields: Record<string, Value>): Value => ({
  mapValue: { fields },
  valueType: 'mapValue',
});

/** Values of every kind, with the edges of each: several compare equal to each other. */
const VALUES: Value[] = [
  { nullValue: 'NULL_VALUE', valueType: 'nullValue' },
  { booleanValue: false, valueType: 'booleanValue' },
  { booleanValue: true, valueType: 'booleanValue' },
  dbl(NaN),
  dbl(-Infinity),
  dbl(Infinity),
  dbl(-0),
  dbl(0),
  int(0),
  int('1'),
  dbl(1),
  int(1),
  dbl(1.5),
  int('-7'),
  dbl(2 ** 53),
  int('9007199254740992'), // 2^53: equal to the double
  int('9007199254740993'), // 2^53 + 1: after it, though no double tells them apart
  int('-9223372036854775808'),
  int('9223372036854775807'),
  dbl(9.3e18),
  ts('0', 0),
  ts('-62135596800', 0),
  ts('1700000000', 0),
  ts('1700000000', 1000),
  ts(1_700_000_000, 999_999_999),
  ts('999', 5),
  ts('1000', 0),
  str(''),
  str('A'),
  str('a'),
  str('ab'),
  str('a\u0000'),
  str('é'),
  str('\uFF5E'), // after the emoji in UTF-16, before it in UTF-8
  str('😀'),
  str('😀a'),
  str('\uFFFF'),
  str('\uFFFF\uFFFF'),
  str('\uFFFFa'),
  str('ab\uFFFF'),
  str('abc\uFFFF'),
  str('abd'),
  str('a\uFFFFz'), // a unit's largest value must not carry into the one before it
  str('b'),
  str('sharma'),
  { bytesValue: new Uint8Array([]), valueType: 'bytesValue' },
  { bytesValue: new Uint8Array([0]), valueType: 'bytesValue' },
  { bytesValue: new Uint8Array([1, 0]), valueType: 'bytesValue' },
  ref('a/b'),
  ref('a/__id7__'),
  ref('a/__id-2__'),
  ref('a/b/c/d'),
  { geoPointValue: { latitude: 1, longitude: 2 }, valueType: 'geoPointValue' },
  { geoPointValue: { latitude: 1, longitude: -2 }, valueType: 'geoPointValue' },
  { geoPointValue: { latitude: -90, longitude: 180 }, valueType: 'geoPointValue' },
  arr([]),
  arr([int(1)]),
  arr([dbl(1), str('a')]),
  arr([int(1), str('b')]),
  map({}),
  map({ a: int(1) }),
  map({ a: dbl(1), b: str('x') }),
  map({ b: int(0) }),
  map({ __type__: str('__vector__'), value: arr([dbl(1), dbl(2)]) }),
  map({ __type__: str('__vector__'), value: arr([dbl(3)]) }),
];

const IDS = ['a', 'b', 'ab', 'B', '__id3__', '__id-1__', '__id12__', 'é', '😀', 'z9'];

function storedDoc(key: string, fields: Record<string, Value>): StoredDoc {
  return {
    name: `projects/p/databases/(default)/documents/${key}`,
    key,
    fields,
    createTime: 0,
    updateTime: 0,
  };
}

const keysOf = (docs: StoredDoc[]) => docs.map((d) => d.key);

describe('sorting from keys read once', () => {
  const rnd = random(5);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  // Few distinct values per field, so many documents tie on one field and are told apart by
  // the next or by their name; names in several collections and numeric ids.
  const docs = Array.from({ length: 6_000 }, (_, i) =>
    storedDoc(`${pick(['c', 'c/x/sub'])}/${pick(IDS)}${i % 7 === 0 ? '' : i}`, {
      a: pick(VALUES),
      b: pick(VALUES.slice(0, 12)),
      m: map({ x: pick(VALUES) }),
    }),
  );
  const unique = [...new Map(docs.map((d) => [d.key, d])).values()];
  const orders: [string, OrderedField[]][] = [
    [
      'a asc',
      [
        { path: ['a'], desc: false },
        { path: null, desc: false },
      ],
    ],
    [
      'a desc',
      [
        { path: ['a'], desc: true },
        { path: null, desc: true },
      ],
    ],
    [
      'b asc, a desc, name asc',
      [
        { path: ['b'], desc: false },
        { path: ['a'], desc: true },
        { path: null, desc: false },
      ],
    ],
    [
      'm.x desc, name asc',
      [
        { path: ['m', 'x'], desc: true },
        { path: null, desc: false },
      ],
    ],
    ['name desc', [{ path: null, desc: true }]],
  ];

  for (const [label, orderBy] of orders)
    it(`gives the order of comparing value by value: ${label}`, () => {
      const want = keysOf([...unique].sort(docComparator(orderBy)));
      expect(keysOf(sortByKeys([...unique], orderBy))).toEqual(want);
      // Whatever order the documents come in.
      expect(keysOf(sortByKeys([...unique].reverse(), orderBy))).toEqual(want);
    });

  it('orders many values of one kind by their numbers (the radix sort), near ones included', () => {
    const near = (x: number) => [x, x + Math.abs(x) * 2 ** -50, x - Math.abs(x) * 2 ** -45];
    const numbers = Array.from({ length: 1_200 }, () => {
      const x = (rnd() - 0.5) * 10 ** Math.floor(rnd() * 12 - 4);
      return [int(Math.round(x)), ...near(x).map(dbl)];
    })
      .flat()
      .concat([dbl(NaN), dbl(-Infinity), dbl(Infinity), dbl(-0), int(0), dbl(-1), int(-1)]);
    const times = Array.from({ length: 5_000 }, () =>
      ts(Math.floor((rnd() - 0.3) * 4e9), pick([0, 1, 999_999_999, Math.floor(rnd() * 1e9)])),
    );
    // Strings share their first units often, and the largest unit must not carry.
    const plain = VALUES.filter(
      (v) => v.stringValue !== undefined && !/[\uD800-\uDFFF]/.test(v.stringValue),
    );
    const strings = Array.from({ length: 5_000 }, () =>
      str(`${pick(plain).stringValue}${pick(['', 'a', '\uFFFF', 'a\uFFFFz'])}`),
    );
    for (const values of [numbers, times, strings])
      for (const desc of [false, true]) {
        const orderBy: OrderedField[] = [
          { path: ['v'], desc },
          { path: null, desc: false },
        ];
        const many = values.map((v, i) => storedDoc(`c/${i}`, { v }));
        const want = keysOf([...many].sort(docComparator(orderBy)));
        expect(keysOf(sortByKeys(many, orderBy))).toEqual(want);
      }
  });
});
