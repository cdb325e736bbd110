// A collection's aggregations are kept answered until a write that can change them: the same
// count asked again is answered as it was, billed as it was, and a write whose document matches
// before or after it (a create, an update, a delete) makes the next one count again; a write
// elsewhere, or to a document the count sees neither before nor after, does not.
import { describe, expect, it } from 'vitest';
import { Engine } from '../src/engine.ts';
import type { StoredDoc, StructuredQuery, Value } from '../src/model/types.ts';

const str = (s: string): Value => ({ stringValue: s, valueType: 'stringValue' });
const DB = 'projects/p/databases/(default)';

describe('aggregations answered between the writes that can change them', () => {
  it('answers a repeated count as counted, until the collection is written', () => {
    const engine = new Engine();
    const db = engine.database(DB);
    const put = (key: string, status: string | undefined) =>
      db.put(
        key,
        status === undefined
          ? undefined
          : ({
              name: db.nameOf(key),
              key,
              fields: { status: str(status) },
              createTime: 1,
              updateTime: 1,
            } as StoredDoc),
      );
    for (let i = 0; i < 2_500; i++) put(`c/d${i}`, i % 5 === 0 ? 'open' : 'closed');
    const query: StructuredQuery = {
      from: [{ collectionId: 'c' }],
      where: { fieldFilter: { field: { fieldPath: 'status' }, op: 'EQUAL', value: str('open') } },
    };
    const count = () => {
      const before = db.counters.reads;
      const n = engine.runAggregation(
        db,
        db.documentsPrefix,
        query,
        [{ alias: 'n', count: {} }],
        {},
      ).n;
      return { n: Number(n.integerValue), billed: db.counters.reads - before };
    };
    const answered = () => db.answeredAggregations('', 'c')!.size;

    expect(count()).toEqual({ n: 500, billed: 1 });
    expect(answered()).toBe(1);
    expect(count()).toEqual({ n: 500, billed: 1 });
    // A write elsewhere leaves it answered, and so do writes the count cannot see.
    put('other/x', 'open');
    put('c/d2', 'lost');
    put('c/closed-one', 'closed');
    put('c/d3', undefined);
    expect(answered()).toBe(1);
    expect(count()).toEqual({ n: 500, billed: 1 });
    // A create, an update and a delete in the collection: counted again each time.
    put('c/new', 'open');
    expect(answered()).toBe(0);
    expect(count().n).toBe(501);
    put('c/d1', 'open');
    expect(count().n).toBe(502);
    put('c/d0', undefined);
    expect(count().n).toBe(501);
    // Billed by the documents matched, answered or counted: 2,001 open ones are 3 reads.
    for (let i = 3_000; i < 4_500; i++) put(`c/d${i}`, 'open');
    expect(count()).toEqual({ n: 2_001, billed: 3 });
    expect(count()).toEqual({ n: 2_001, billed: 3 });
  });
});
