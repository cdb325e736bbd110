// Queries with array-contains, array-contains-any, == and in filters: every result equals a
// brute-force evaluation of the data the test wrote, with orders, cursors, limits and offsets,
// also after creates, updates and deletes between the queries (the embedded server answers
// them from kept value indexes that each write updates), and at an earlier read time.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DocumentReference,
  FieldValue,
  Timestamp,
  type Query,
  type UpdateData,
} from 'firebase-admin/firestore';
import { ValueIndex } from '../src/indexes/value-index.ts';
import { valueKey, valuesEqual } from '../src/model/values.ts';

import type { StoredDoc, Value } from '../src/model/types.ts';
import { ids, random, sleep, useBigIntFirestore, useFirestore, writeMirrored } from './helpers.ts';

const db = useFirestore();
const big = useBigIntFirestore();
const col = db.collection('indexed-filters');

type Item = null | number | string | Timestamp | DocumentReference | { k: number };
/** What the test believes a document holds: `tags` and `v` hold an item or an array of them. */
interface Row {
  tags?: Item | Item[];
  v?: Item | Item[];
  at?: number;
  g: string;
}
type Field = 'tags' | 'v';

const POOL: Item[] = ['a', 'b', '', 1, 2, null, new Timestamp(100, 5000), col.doc('r1'), { k: 1 }];

/** Query equality for the items used here (each kind compares within itself). */
function itemKey(x: Item): string {
  if (x === null) return 'null';
  if (typeof x === 'number') return `n${x}`;
  if (typeof x === 'string') return `s${x}`;
  if (x instanceof Timestamp) return `t${x.seconds}.${x.nanoseconds}`;
  if (x instanceof DocumentReference) return `r${x.path}`;
  return `m${JSON.stringify(x)}`;
}

const same = (a: Item, b: Item) => itemKey(a) === itemKey(b);
const contains = (value: Row[Field], x: Item) =>
  Array.isArray(value) && value.some((y) => same(y, x));
const equals = (value: Row[Field], x: Item) =>
  value !== undefined && !Array.isArray(value) && same(value, x);

let model: Map<string, Row>;

interface IndexedFilter {
  label: string;
  apply: (q: Query) => Query;
  keep: (row: Row) => boolean;
}

function filtersOn(field: Field, x: Item, y: Item): IndexedFilter[] {
  const filters: IndexedFilter[] = [
    {
      label: `${field} == ${itemKey(x)}`,
      apply: (q) => q.where(field, '==', x),
      keep: (r) => equals(r[field], x),
    },
    {
      label: `${field} in [${itemKey(x)}, ${itemKey(y)}]`,
      apply: (q) => q.where(field, 'in', [x, y]),
      keep: (r) => equals(r[field], x) || equals(r[field], y),
    },
    {
      label: `${field} array-contains-any [${itemKey(x)}, ${itemKey(y)}]`,
      apply: (q) => q.where(field, 'array-contains-any', [x, y]),
      keep: (r) => contains(r[field], x) || contains(r[field], y),
    },
  ];
  // The SDKs allow null only with == and !=.
  if (x !== null) {
    filters.push(
      {
        label: `${field} array-contains ${itemKey(x)}`,
        apply: (q) => q.where(field, 'array-contains', x),
        keep: (r) => contains(r[field], x),
      },
      {
        label: `${field} array-contains ${itemKey(x)} and g == p`,
        apply: (q) => q.where(field, 'array-contains', x).where('g', '==', 'p'),
        keep: (r) => contains(r[field], x) && r.g === 'p',
      },
    );
  }
  return filters;
}

const ALL_FILTERS: IndexedFilter[] = (['tags', 'v'] as const).flatMap((field) =>
  POOL.flatMap((x, i) => filtersOn(field, x, POOL[(i + 3) % POOL.length])),
);

/** Ids of the matches: those with `at` in its order (ties by id the same way), or all by id. */
function expected(keep: (row: Row) => boolean, dir?: 'asc' | 'desc'): string[] {
  const rows = [...model].filter(
    ([, row]) => keep(row) && (dir === undefined || row.at !== undefined),
  );
  const sign = dir === 'desc' ? -1 : 1;
  return rows
    .sort(([ida, a], [idb, b]) => {
      const c = dir === undefined ? 0 : a.at! - b.at!;
      return sign * (c !== 0 ? c : ida < idb ? -1 : ida > idb ? 1 : 0);
    })
    .map(([id]) => id);
}

/** Every way the app reads a filter: whole, ordered pages, offsets, cursors, a count. */
async function check(f: IndexedFilter, context: string): Promise<void> {
  const base = f.apply(col);
  const why = `${f.label} (${context})`;
  expect(ids(await base.get()), why).toEqual(expected(f.keep));
  const desc = expected(f.keep, 'desc');
  const asc = expected(f.keep, 'asc');
  expect(ids(await base.orderBy('at', 'desc').limit(3).get()), why).toEqual(desc.slice(0, 3));
  expect(ids(await base.orderBy('at', 'desc').offset(1).limit(2).get()), why).toEqual(
    desc.slice(1, 3),
  );
  const at = (id: string) => model.get(id)!.at!;
  expect(ids(await base.orderBy('at').startAfter(4).limit(5).get()), why).toEqual(
    asc.filter((id) => at(id) > 4).slice(0, 5),
  );
  expect(ids(await base.orderBy('at', 'desc').endBefore(3).get()), why).toEqual(
    desc.filter((id) => at(id) > 3),
  );
  expect((await base.count().get()).data().count, why).toBe(expected(f.keep).length);
}

function randomRow(next: () => number): Row {
  const pick = () => POOL[Math.floor(next() * POOL.length)];
  const value = (): Item | Item[] | undefined => {
    const r = next();
    if (r < 0.15) return undefined;
    if (r < 0.4) return pick();
    // Up to 3 items, repeats allowed (Firestore keeps them).
    return Array.from({ length: Math.floor(next() * 4) }, pick);
  };
  const row: Row = { g: next() < 0.5 ? 'p' : 'q' };
  const tags = value();
  const v = value();
  if (tags !== undefined) row.tags = tags;
  if (v !== undefined) row.v = v;
  if (next() < 0.85) row.at = Math.floor(next() * 10);
  return row;
}

const write = (id: string, row: Row | undefined) => writeMirrored(col, model, id, row);

async function update(id: string, data: UpdateData<Row>, row: Row): Promise<void> {
  await col.doc(id).update(data);
  model.set(id, row);
}

beforeEach(async () => {
  model = new Map();
  const next = random(11);
  const batch = db.batch();
  for (let i = 0; i < 40; i++) {
    const id = `d${String(i).padStart(2, '0')}`;
    const row = randomRow(next);
    batch.set(col.doc(id), row);
    model.set(id, row);
  }
  await batch.commit();
});

// The two randomized tests check every filter through the Admin SDK: about 6 s each alone, over
// 20 s on a slow machine while CI's other steps share its two cores (2026-11-30, both seen).
describe('array-contains, array-contains-any, == and in', { timeout: 60_000 }, () => {
  it('equal a brute-force evaluation over strings, numbers, null, timestamps, references and maps', async () => {
    for (const f of ALL_FILTERS) await check(f, 'as written');
    // The data has matches for most filters, so the comparisons above are not all empty.
    expect(ALL_FILTERS.filter((f) => expected(f.keep).length > 0).length).toBeGreaterThan(
      ALL_FILTERS.length / 2,
    );
  });

  // Six rounds of writes, a fifth of the filters checked after each.
  it('stay right after creates, array changes, removed fields, moves in the order and deletes', async () => {
    const next = random(5);
    // Build the kept indexes first, so that the writes below must update them.
    for (const f of ALL_FILTERS) await f.apply(col).get();
    for (let round = 0; round < 6; round++) {
      for (let w = 0; w < 8; w++) {
        const id = `d${String(Math.floor(next() * 45)).padStart(2, '0')}`;
        const current = model.get(id);
        const choice = next();
        if (choice < 0.15) await write(id, undefined);
        else if (choice < 0.3 && current) {
          const rest = { ...current };
          delete rest.tags;
          await update(id, { tags: FieldValue.delete() }, rest);
        } else if (choice < 0.45 && current && Array.isArray(current.tags)) {
          const added = next() < 0.5 ? 'a' : 2;
          const tags = contains(current.tags, added) ? current.tags : [...current.tags, added];
          await update(id, { tags: FieldValue.arrayUnion(added) }, { ...current, tags });
        } else if (choice < 0.6 && current && Array.isArray(current.tags)) {
          const removed = current.tags[0] ?? 'b';
          const tags = current.tags.filter((t) => !same(t, removed));
          await update(id, { tags: FieldValue.arrayRemove(removed) }, { ...current, tags });
        } else if (choice < 0.7 && current) {
          const at = Math.floor(next() * 10);
          await update(id, { at }, { ...current, at });
        } else await write(id, randomRow(next));
      }
      const chosen = ALL_FILTERS.filter(() => next() < 0.2);
      for (const f of chosen) await check(f, `round ${round}`);
    }
  });

  it('int 1 and double 1.0, 0 and -0, int64 and double 2^53 are one value', async () => {
    const numbers = db.collection('indexed-numbers');
    await numbers.doc('int').set({ v: 1, tags: [1, 0] });
    // A double 1.0 cannot be written from JS directly: make one with a double increment.
    await numbers.doc('dbl').set({ v: 0.5 });
    await numbers.doc('dbl').update({ v: FieldValue.increment(0.5) });
    expect(typeof (await big.doc(numbers.doc('dbl').path).get()).get('v')).toBe('number');
    await numbers.doc('negzero').set({ tags: [-0] });
    await big.doc(numbers.doc('i53').path).set({ tags: [9007199254740992n] });
    await numbers.doc('d53').set({ tags: [2 ** 53] }); // not a safe integer: sent as a double
    const bigCol = big.collection(numbers.path);
    expect(ids(await numbers.where('v', '==', 1).get())).toEqual(['dbl', 'int']);
    expect(ids(await numbers.where('v', 'in', [1, 7]).get())).toEqual(['dbl', 'int']);
    expect(ids(await numbers.where('tags', 'array-contains', 0).get())).toEqual(['int', 'negzero']);
    expect(ids(await numbers.where('tags', 'array-contains', -0).get())).toEqual([
      'int',
      'negzero',
    ]);
    expect(ids(await numbers.where('tags', 'array-contains', 2 ** 53).get())).toEqual([
      'd53',
      'i53',
    ]);
    expect(ids(await bigCol.where('tags', 'array-contains', 9007199254740992n).get())).toEqual([
      'd53',
      'i53',
    ]);
    expect(
      ids(await bigCol.where('tags', 'array-contains-any', [9007199254740993n]).get()),
    ).toEqual([]);
  });

  it('a read-only transaction at an earlier time sees the matches as they were then', async () => {
    const query = col.where('tags', 'array-contains', 'a').orderBy('at', 'desc').limit(4);
    const keep = (r: Row) => contains(r.tags, 'a');
    expect(ids(await query.get())).toEqual(expected(keep, 'desc').slice(0, 4));
    await write('x0', { tags: ['a'], at: 9, g: 'p' });
    const then = await col.doc('x1').set({ g: 'q' });
    model.set('x1', { g: 'q' });
    await sleep(20);
    const old = expected(keep, 'desc').slice(0, 4);
    await write('x0', { tags: ['b'], at: 9, g: 'p' });
    await write('x2', { tags: ['a', 'a'], at: 9, g: 'p' });
    for (const id of old.slice(1)) await write(id, undefined);
    const now = expected(keep, 'desc').slice(0, 4);
    expect(now).not.toEqual(old);
    const seen = await db.runTransaction(async (t) => ids(await t.get(query)), {
      readOnly: true,
      readTime: then.writeTime,
    });
    expect(seen).toEqual(old);
    expect(ids(await query.get())).toEqual(now);
  });
});

describe('value keys and the value index (in process)', () => {
  const int = (n: string): Value => ({ integerValue: n, valueType: 'integerValue' });
  const dbl = (n: number): Value => ({ doubleValue: n, valueType: 'doubleValue' });
  const str = (s: string): Value => ({ stringValue: s, valueType: 'stringValue' });
  const ref = (path: string): Value => ({
    referenceValue: `projects/p/databases/(default)/documents/${path}`,
    valueType: 'referenceValue',
  });
  const arr = (...values: Value[]): Value => ({ arrayValue: { values }, valueType: 'arrayValue' });
  const map = (fields: Record<string, Value>): Value => ({
    mapValue: { fields },
    valueType: 'mapValue',
  });
  const VALUES: Value[] = [
    { nullValue: 'NULL_VALUE', valueType: 'nullValue' },
    { booleanValue: true, valueType: 'booleanValue' },
    { booleanValue: false, valueType: 'booleanValue' },
    int('1'),
    { integerValue: 1, valueType: 'integerValue' },
    dbl(1),
    dbl(1.5),
    int('0'),
    dbl(-0),
    dbl(NaN),
    dbl(Infinity),
    dbl(-Infinity),
    int('9007199254740992'),
    int('9007199254740993'),
    dbl(2 ** 53),
    dbl(2 ** 63),
    int('9223372036854775807'),
    { timestampValue: { seconds: '5', nanos: 0 }, valueType: 'timestampValue' },
    { timestampValue: { seconds: 5 }, valueType: 'timestampValue' },
    { timestampValue: { seconds: '5', nanos: 1000 }, valueType: 'timestampValue' },
    str(''),
    str('1'),
    str('a'),
    { bytesValue: new Uint8Array([1, 2]), valueType: 'bytesValue' },
    { bytesValue: new Uint8Array([1, 2, 0]), valueType: 'bytesValue' },
    ref('c/__id7__'),
    ref('c/__id007__'),
    ref('c/id7'),
    { geoPointValue: { latitude: 0, longitude: 1 }, valueType: 'geoPointValue' },
    { geoPointValue: { latitude: -0, longitude: 1 }, valueType: 'geoPointValue' },
    arr(int('1'), str('a')),
    arr(dbl(1), str('a')),
    arr(str('a'), int('1')),
    map({ a: int('1'), b: str('x') }),
    map({ b: str('x'), a: dbl(1) }),
    map({ a: int('1') }),
    map({ __type__: str('__vector__'), value: arr(dbl(1), dbl(2)) }),
    map({ __type__: str('__vector__'), value: arr(int('1'), dbl(2)), other: str('y') }),
  ];

  it('two values share a key exactly when queries find them equal', () => {
    for (const a of VALUES) {
      for (const b of VALUES) {
        const why = `${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
        expect(valueKey(a) === valueKey(b), why).toBe(valuesEqual(a, b));
      }
    }
  });

  it('an index finds each document once, through short and long postings, and says when it outgrows its bound', () => {
    const version = (key: string, tags: Value): StoredDoc => ({
      name: key,
      key,
      fields: { tags },
      createTime: 0,
      updateTime: 0,
    });
    // Twelve documents share 'x' (twice in each array), half of them int 1.
    const slots = Array.from({ length: 12 }, (_, i) => ({
      doc: version(`c/d${i}`, arr(str('x'), str('x'), int(String(i % 2)))),
    }));
    const index = new ValueIndex(['tags'], slots, slots.length, 40);
    index.build();
    expect(index.count([str('x')])).toBe(12);
    expect(index.count([dbl(1)])).toBe(6);
    expect(index.docs([int('1'), str('x')])).toEqual(new Set(slots.map((s) => s.doc)));
    // Eleven move from 'x' to 'y': the posting of 'x' shrinks back to a list, then to one.
    for (const slot of slots.slice(0, 11)) {
      const after = version(slot.doc.key, arr(str('y')));
      index.replace(slot, slot.doc, after);
      slot.doc = after;
    }
    expect([...index.docs([str('x')])]).toEqual([slots[11].doc]);
    expect([...index.docs([str('y'), int('1')])]).toHaveLength(12);
    expect(index.full).toBe(false);
    const wide = version('c/d0', arr(...Array.from({ length: 30 }, (_, i) => str(`w${i}`))));
    index.replace(slots[0], slots[0].doc, wide);
    expect(index.full).toBe(true);
  });

  it('a build stops after its first documents when the whole collection would not fit', () => {
    const slots = Array.from({ length: 1200 }, (_, i) => ({
      doc: {
        name: `c/d${i}`,
        key: `c/d${i}`,
        fields: { v: int(String(i)) },
        createTime: 0,
        updateTime: 0,
      },
    }));
    // 1,000 values seen, 1,500 allowed, 10,000 documents in all: more than twice the bound.
    const built = (slotCount: number) => {
      const index = new ValueIndex(['v'], slots, slotCount, 1500);
      index.build();
      return index;
    };
    expect(built(10_000).full).toBe(true);
    expect(built(1200).full).toBe(false);
  });
});
