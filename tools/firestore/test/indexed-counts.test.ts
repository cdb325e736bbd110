// Counts of queries whose filters are ==, in and one array-contains: the embedded server
// answers them from kept counts by the filters' values (CountIndex), as Firestore counts index
// entries without reading documents. Every count equals a brute-force evaluation of what the
// test wrote, with and without an order (documents lacking the ordered field are not counted),
// through creates, updates and deletes, with values of several types in one field.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Query } from 'firebase-admin/firestore';
import { CountIndex, countPlan } from '../src/indexes/count-index.ts';

import type { Filter, StoredDoc, Value } from '../src/model/types.ts';
import { random, useFirestore, writeMirrored } from './helpers.ts';

const db = useFirestore();
const col = db.collection('indexed-counts');

/** `kind` is mostly a string, `labels` mostly an array of strings, `n` a number. */
interface Row {
  kind?: string | string[] | number;
  labels?: string[] | string;
  n?: number;
  at?: number;
}

const WORDS = ['a', 'b', 'c', 'd'];

interface CountCase {
  label: string;
  apply: (q: Query) => Query;
  keep: (row: Row) => boolean;
}

const is = (value: Row['kind'], word: string) => value === word;
const holds = (value: Row['labels'], word: string) => Array.isArray(value) && value.includes(word);

const CASES: CountCase[] = WORDS.flatMap((x, i): CountCase[] => {
  const y = WORDS[(i + 1) % WORDS.length];
  return [
    { label: `kind == ${x}`, apply: (q) => q.where('kind', '==', x), keep: (r) => is(r.kind, x) },
    {
      label: `kind in [${x}, ${y}]`,
      apply: (q) => q.where('kind', 'in', [x, y]),
      keep: (r) => is(r.kind, x) || is(r.kind, y),
    },
    {
      label: `labels array-contains ${x}`,
      apply: (q) => q.where('labels', 'array-contains', x),
      keep: (r) => holds(r.labels, x),
    },
    {
      label: `labels array-contains-any [${x}]`,
      apply: (q) => q.where('labels', 'array-contains-any', [x]),
      keep: (r) => holds(r.labels, x),
    },
    {
      label: `labels array-contains ${x} and kind == ${y} and n in [1, 2]`,
      apply: (q) =>
        q.where('labels', 'array-contains', x).where('kind', '==', y).where('n', 'in', [1, 2]),
      keep: (r) => holds(r.labels, x) && is(r.kind, y) && (r.n === 1 || r.n === 2),
    },
  ];
});

let model: Map<string, Row>;

async function checkCounts(context: string): Promise<void> {
  for (const c of CASES) {
    const matches = [...model.values()].filter(c.keep);
    const why = `${c.label} (${context})`;
    expect((await c.apply(col).count().get()).data().count, why).toBe(matches.length);
    const ordered = c.apply(col).orderBy('at', 'desc');
    expect((await ordered.count().get()).data().count, `${why}, ordered by at`).toBe(
      matches.filter((r) => r.at !== undefined).length,
    );
  }
}

function randomRow(next: () => number): Row {
  const pick = () => WORDS[Math.floor(next() * WORDS.length)];
  const row: Row = {};
  if (next() < 0.85) row.kind = pick();
  // Up to 3 labels, repeats allowed (Firestore keeps them).
  if (next() < 0.85) row.labels = Array.from({ length: Math.floor(next() * 4) }, pick);
  // 1.5 is a double; 1 and 2 are stored as integers.
  if (next() < 0.9) row.n = [1, 2, 1.5][Math.floor(next() * 3)];
  if (next() < 0.8) row.at = Math.floor(next() * 10);
  return row;
}

const write = (id: string, row: Row | undefined) => writeMirrored(col, model, id, row);

beforeEach(async () => {
  model = new Map();
  const next = random(23);
  const batch = db.batch();
  for (let i = 0; i < 60; i++) {
    const id = `d${String(i).padStart(2, '0')}`;
    const row = randomRow(next);
    batch.set(col.doc(id), row);
    model.set(id, row);
  }
  await batch.commit();
});

describe('counts of ==, in and array-contains filters', () => {
  it('equal a brute-force evaluation, with and without an order', async () => {
    await checkCounts('as written');
    expect(CASES.filter((c) => [...model.values()].some(c.keep)).length).toBeGreaterThan(
      CASES.length / 2,
    );
  });

  it('stay right through writes, and with arrays, strings and numbers in one field', async () => {
    const next = random(8);
    await checkCounts('before the writes'); // the counts are kept from here on
    for (let round = 0; round < 4; round++) {
      for (let w = 0; w < 10; w++) {
        const id = `d${String(Math.floor(next() * 70)).padStart(2, '0')}`;
        await write(id, next() < 0.2 ? undefined : randomRow(next));
      }
      await checkCounts(`round ${round}`);
    }
    await write('mixed-kind', { kind: ['a', 'b'], labels: ['a', 'a'], n: 1, at: 1 });
    await write('mixed-labels', { kind: 'a', labels: 'a', n: 2, at: 2 });
    await write('number-kind', { kind: 7, labels: ['b'], n: 1 });
    await checkCounts('mixed');
    await write('mixed-kind', undefined);
    await write('mixed-labels', { kind: 'b', labels: ['a'], n: 1 });
    await checkCounts('unmixed again');
  });
});

describe('a count index', () => {
  const str = (s: string): Value => ({ stringValue: s, valueType: 'stringValue' });
  const int = (n: string): Value => ({ integerValue: n, valueType: 'integerValue' });
  const dbl = (n: number): Value => ({ doubleValue: n, valueType: 'doubleValue' });
  const arr = (...values: Value[]): Value => ({ arrayValue: { values }, valueType: 'arrayValue' });
  const doc = (id: string, fields: Record<string, Value>): StoredDoc => ({
    name: `c/${id}`,
    key: `c/${id}`,
    fields,
    createTime: 0,
    updateTime: 0,
  });
  const field = (op: string, path: string, value: Value): Filter => ({
    fieldFilter: { field: { fieldPath: path }, op, value },
  });
  const and = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'AND', filters } });

  it('answers equalities and one membership by lookups, and leaves other filters to the reads', () => {
    const docs = [
      doc('1', { kind: str('a'), tags: arr(str('x'), str('x'), str('y')), n: int('1') }),
      doc('2', { kind: str('a'), tags: arr(str('y')), n: dbl(1) }),
      doc('3', { kind: str('b'), tags: arr(str('x')) }),
    ];
    const plan = countPlan(and(field('EQUAL', 'kind', str('a')), field('EQUAL', 'n', dbl(1))), []);
    const index = new CountIndex(plan!.shape, docs);
    // int 1 and double 1.0 are one value.
    expect(index.count(plan!.keys)).toBe(2);
    const member = countPlan(field('ARRAY_CONTAINS', 'tags', str('x')), [])!;
    const members = new CountIndex(member.shape, docs);
    expect(members.count(member.keys)).toBe(2); // a repeated element counts once
    members.replace(docs[0], doc('1', { kind: str('a'), tags: arr(str('z')) }));
    expect(members.count(member.keys)).toBe(1);
    // Documents without an ordered field are in no count of that order.
    const ordered = countPlan(field('EQUAL', 'kind', str('a')), [['n']])!;
    expect(
      new CountIndex(ordered.shape, [...docs, doc('4', { kind: str('a') })]).count(ordered.keys),
    ).toBe(2);

    expect(countPlan(field('GREATER_THAN', 'n', int('0')), [])).toBeUndefined();
    expect(
      countPlan(field('ARRAY_CONTAINS_ANY', 'tags', arr(str('x'), str('y'))), []),
    ).toBeUndefined();
    expect(
      countPlan(
        and(field('ARRAY_CONTAINS', 'tags', str('x')), field('ARRAY_CONTAINS', 'more', str('y'))),
        [],
      ),
    ).toBeUndefined();
    expect(
      countPlan({ compositeFilter: { op: 'OR', filters: [field('EQUAL', 'kind', str('a'))] } }, []),
    ).toBeUndefined();
  });

  it('says when it holds more keys than it may', () => {
    const plan = countPlan(field('EQUAL', 'id', str('d1')), [])!;
    const docs = Array.from({ length: 20 }, (_, i) => doc(`d${i}`, { id: str(`d${i}`) }));
    expect(new CountIndex(plan.shape, docs, 10).full).toBe(true);
    expect(new CountIndex(plan.shape, docs, 20).full).toBe(false);
  });

  it('gives up after a sample when the collection would hold ten times the keys it may', () => {
    const count = 20_000;
    let read = 0;
    const reading = (docs: StoredDoc[]) =>
      (function* () {
        for (const d of docs) {
          read++;
          yield d;
        }
      })();
    // Ten keys of its own a document (as search keys are): 5,000 keys after 500 documents, so
    // about 200,000 in all, against 10,000.
    const tags = countPlan(field('ARRAY_CONTAINS', 'tags', str('t0')), [])!;
    const tagged = Array.from({ length: count }, (_, i) =>
      doc(`d${i}`, { tags: arr(...Array.from({ length: 10 }, (_, k) => str(`t${i}-${k}`))) }),
    );
    expect(new CountIndex(tags.shape, reading(tagged), 10_000, count).full).toBe(true);
    expect(read).toBe(500);
    // One key a document: never given up on a sample below a million documents.
    const ids = countPlan(field('EQUAL', 'id', str('d1')), [])!;
    const named = Array.from({ length: count }, (_, i) =>
      doc(`d${i}`, { id: str(`d${i % 15_000}`) }),
    );
    read = 0;
    const index = new CountIndex(ids.shape, reading(named), 15_000, count);
    expect(index.full).toBe(false);
    expect(read).toBe(count);
    expect(index.count(ids.keys)).toBe(2);
  });
});
