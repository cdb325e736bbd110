// Limited queries ordered by fields: every page equals a brute-force sort of the data the test
// wrote, also after creates, updates of the ordered field and deletes between the queries (the
// embedded server answers them from a kept sort order that each write updates).
import { beforeEach, describe, expect, it } from 'vitest';
import { FieldPath, FieldValue, type Query } from 'firebase-admin/firestore';
import { ids, random, sleep, useFirestore, writeMirrored } from './helpers.ts';

const db = useFirestore();
const col = db.collection('ordered-queries');

type Scalar = null | number | string;
/** What the test believes a document holds; `n` may be missing. */
interface Row {
  n?: Scalar;
  g: string;
}
type Direction = 'asc' | 'desc';
type Order = [field: keyof Row, dir: Direction][];

let model: Map<string, Row>;

/** Firestore's order for the types used here: null < numbers < strings. */
function compareScalars(a: Scalar, b: Scalar): number {
  const rank = (v: Scalar) => (v === null ? 0 : typeof v === 'number' ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (a === b) return 0;
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

/** The ids a query should return: rows with every ordered field, sorted, ties by id. */
function expected(order: Order, keep: (row: Row) => boolean = () => true): string[] {
  const lastDir = order[order.length - 1][1];
  return [...model]
    .filter(([, row]) => order.every(([f]) => row[f] !== undefined) && keep(row))
    .sort(([ida, a], [idb, b]) => {
      for (const [f, dir] of order) {
        const c = compareScalars(a[f]!, b[f]!);
        if (c !== 0) return dir === 'desc' ? -c : c;
      }
      const c = ida < idb ? -1 : ida > idb ? 1 : 0;
      return lastDir === 'desc' ? -c : c;
    })
    .map(([id]) => id);
}

function ordered(order: Order, base: Query = col): Query {
  return order.reduce<Query>((q, [f, dir]) => q.orderBy(f, dir), base);
}

/** Every page of `pageSize`, each after the last document of the one before (as the app pages). */
async function allPages(query: Query, pageSize: number): Promise<string[]> {
  const seen: string[] = [];
  let page = await query.limit(pageSize).get();
  while (!page.empty) {
    seen.push(...ids(page));
    page = await query
      .startAfter(page.docs[page.docs.length - 1])
      .limit(pageSize)
      .get();
  }
  return seen;
}

const write = (id: string, row: Row | undefined) => writeMirrored(col, model, id, row);

/** Many writes, in batches of 500 (the official emulator's limit). */
async function writeMany(rows: [id: string, row: Row | undefined][]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const batch = db.batch();
    for (const [id, row] of rows.slice(i, i + 500)) {
      if (row) batch.set(col.doc(id), row);
      else batch.delete(col.doc(id));
    }
    await batch.commit();
  }
  for (const [id, row] of rows) {
    if (row) model.set(id, row);
    else model.delete(id);
  }
}

// 30 documents: ties on n, four without n, a null and three strings among the numbers.
beforeEach(async () => {
  model = new Map();
  const batch = db.batch();
  for (let i = 0; i < 30; i++) {
    const id = `d${String(i).padStart(2, '0')}`;
    const row: Row = { g: 'abc'[i % 3] };
    if (i % 7 !== 3) row.n = i === 5 ? null : i % 11 === 4 ? `s${i}` : (i * 7) % 10;
    batch.set(col.doc(id), row);
    model.set(id, row);
  }
  await batch.commit();
});

describe('limited queries in a field order', () => {
  it('ascending and descending, paged, skip documents without the field', async () => {
    for (const dir of ['asc', 'desc'] as const) {
      const order: Order = [['n', dir]];
      expect(await allPages(ordered(order), 4)).toEqual(expected(order));
      expect(ids(await ordered(order).limit(5).get())).toEqual(expected(order).slice(0, 5));
    }
    expect(expected([['n', 'asc']])).toHaveLength(26);
  });

  it('several fields', async () => {
    const orders: Order[] = [
      [
        ['g', 'asc'],
        ['n', 'desc'],
      ],
      [
        ['n', 'desc'],
        ['g', 'asc'],
      ],
    ];
    for (const order of orders) {
      expect(await allPages(ordered(order), 3)).toEqual(expected(order));
    }
  });

  it('inequality filters add their field to the order', async () => {
    const atLeast3 = (r: Row) => typeof r.n === 'number' && r.n >= 3;
    expect(ids(await col.where('n', '>=', 3).limit(6).get())).toEqual(
      expected([['n', 'asc']], atLeast3).slice(0, 6),
    );
    const query = col.where('n', '>=', 3).where('g', '==', 'b');
    expect(await allPages(query, 2)).toEqual(
      expected([['n', 'asc']], (r) => atLeast3(r) && r.g === 'b'),
    );
    const notA = (r: Row) => r.g !== 'a';
    expect(
      ids(
        await ordered([['n', 'desc']], col.where('g', '!=', 'a'))
          .limit(7)
          .get(),
      ),
    ).toEqual(
      expected(
        [
          ['n', 'desc'],
          ['g', 'desc'],
        ],
        notA,
      ).slice(0, 7),
    );
  });

  it('start and end cursors, inclusive and exclusive', async () => {
    const order: Order = [['n', 'desc']];
    const all = expected(order);
    const n = (id: string) => model.get(id)!.n;
    const from = (v: Scalar) => all.filter((id) => compareScalars(n(id)!, v) <= 0);
    const until = (v: Scalar) => all.filter((id) => compareScalars(n(id)!, v) >= 0);
    const q = ordered(order);
    expect(ids(await q.startAt(7).limit(5).get())).toEqual(from(7).slice(0, 5));
    expect(ids(await q.startAfter(7).limit(5).get())).toEqual(
      all.filter((id) => compareScalars(n(id)!, 7) < 0).slice(0, 5),
    );
    expect(ids(await q.endAt(7).limit(50).get())).toEqual(until(7));
    expect(ids(await q.endBefore(7).limit(50).get())).toEqual(
      all.filter((id) => compareScalars(n(id)!, 7) > 0),
    );
    expect(ids(await q.startAt(8).endAt(4).limit(50).get())).toEqual(
      from(8).filter((id) => compareScalars(n(id)!, 4) >= 0),
    );
    // A value cursor with the id, as the app's CSV export pages.
    const [, second] = all;
    const byId = q.orderBy(FieldPath.documentId(), 'desc');
    expect(ids(await byId.startAfter(n(second), second).limit(4).get())).toEqual(all.slice(2, 6));
    expect(ids(await byId.startAt(n(second), second).limit(4).get())).toEqual(all.slice(1, 5));
  });

  it('offset skips matches after the cursor', async () => {
    const order: Order = [['n', 'asc']];
    expect(ids(await ordered(order).offset(3).limit(4).get())).toEqual(expected(order).slice(3, 7));
    expect(ids(await ordered(order).startAt(2).offset(2).limit(3).get())).toEqual(
      expected(order)
        .filter((id) => compareScalars(model.get(id)!.n!, 2) >= 0)
        .slice(2, 5),
    );
  });
});

describe('after writes between the queries', () => {
  it('creates, updates that move a document, updates that keep its place, deletes', async () => {
    const next = random(7);
    const orders: Order[] = [
      [['n', 'desc']],
      [['n', 'asc']],
      [
        ['g', 'asc'],
        ['n', 'desc'],
      ],
    ];
    // Build the kept orders first, so that the writes below must update them.
    for (const order of orders) await ordered(order).limit(1).get();
    for (let round = 0; round < 12; round++) {
      for (let w = 0; w < 6; w++) {
        const id = `d${String(Math.floor(next() * 40)).padStart(2, '0')}`;
        const choice = next();
        const current = model.get(id);
        if (choice < 0.2) await write(id, undefined);
        else if (choice < 0.35 && current) {
          await col.doc(id).update({ n: FieldValue.delete() });
          model.set(id, { g: current.g });
        } else if (choice < 0.5 && current) {
          await col.doc(id).update({ g: current.g }); // same values: the document keeps its place
        } else await write(id, { n: Math.floor(next() * 12), g: 'abc'[Math.floor(next() * 3)] });
      }
      for (const order of orders) {
        expect(await allPages(ordered(order), 5), `round ${round}`).toEqual(expected(order));
      }
    }
  });

  it('thousands of documents, with writes that crowd one part of the order and empty another', async () => {
    const order: Order = [['n', 'desc']];
    const id = (prefix: string, i: number) => `${prefix}${String(i).padStart(4, '0')}`;
    await writeMany(Array.from({ length: 3000 }, (_, i) => [id('b', i), { n: i, g: 'b' }]));
    expect(ids(await ordered(order).limit(3).get())).toEqual(expected(order).slice(0, 3));
    // 1,500 documents between n = 1000 and 1001, then 1,200 gone from the low end.
    await writeMany(
      Array.from({ length: 1500 }, (_, i) => [id('c', i), { n: 1000 + (i % 997) / 997, g: 'c' }]),
    );
    await writeMany(Array.from({ length: 1200 }, (_, i) => [id('b', i), undefined]));
    expect(await allPages(ordered(order), 400)).toEqual(expected(order));
    const middle = model.get(expected(order)[2000])!.n!;
    expect(ids(await ordered(order).startAt(middle).limit(300).get())).toEqual(
      expected(order, (r) => compareScalars(r.n!, middle) <= 0).slice(0, 300),
    );
  });

  it('more orders than a collection keeps stay right as they come and go', async () => {
    const orders: Order[] = [];
    for (const f of ['n', 'g'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const other = f === 'n' ? 'g' : 'n';
        orders.push([[f, dir]]);
        orders.push([
          [f, dir],
          [other, 'asc'],
        ]);
        orders.push([
          [f, dir],
          [other, 'desc'],
        ]);
      }
    }
    expect(orders.length).toBeGreaterThan(8);
    for (let round = 0; round < 3; round++) {
      for (const [i, order] of orders.entries()) {
        await write(`d${String(i + round).padStart(2, '0')}`, { n: i, g: `${round}` });
        expect(ids(await ordered(order).limit(10).get())).toEqual(expected(order).slice(0, 10));
      }
    }
  });

  it('an emptied and refilled collection starts a new order', async () => {
    const order: Order = [['n', 'asc']];
    expect(ids(await ordered(order).limit(3).get())).toEqual(expected(order).slice(0, 3));
    for (const id of [...model.keys()]) await write(id, undefined);
    expect((await ordered(order).limit(3).get()).empty).toBe(true);
    await write('z1', { n: 2, g: 'a' });
    await write('z0', { n: 1, g: 'a' });
    expect(ids(await ordered(order).limit(3).get())).toEqual(['z0', 'z1']);
  });

  it('a read-only transaction at an earlier time sees the order as it was then', async () => {
    const order: Order = [['n', 'desc']];
    const query = ordered(order).limit(5);
    const before = expected(order).slice(0, 5);
    expect(ids(await query.get())).toEqual(before);
    const then = await col.doc('d00').set({ n: 0, g: 'a' });
    model.set('d00', { n: 0, g: 'a' });
    await sleep(20);
    const old = expected(order).slice(0, 5);
    await write(old[0], { n: -1, g: 'a' });
    await write('top', { n: 100, g: 'a' });
    const now = expected(order).slice(0, 5);
    expect(now).not.toEqual(old);
    const seen = await db.runTransaction(async (t) => ids(await t.get(query)), {
      readOnly: true,
      readTime: then.writeTime,
    });
    expect(seen).toEqual(old);
    expect(ids(await query.get())).toEqual(now);
  });
});
