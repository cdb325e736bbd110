// Every value type round trips through a write and a read.
import { describe, expect, it } from 'vitest';
import { DocumentReference, FieldValue, GeoPoint, Timestamp } from 'firebase-admin/firestore';
import { useBigIntFirestore, useFirestore } from './helpers.ts';

const db = useFirestore();
const big = useBigIntFirestore();
const col = db.collection('types');

describe('value types round trip', () => {
  it('null, booleans, strings', async () => {
    const data = {
      nul: null,
      t: true,
      f: false,
      empty: '',
      text: 'plain',
      unicode: 'héllo wörld ✓ 日本語 😀👍🏽',
      nul_char: 'a\u0000b',
      long: 'x'.repeat(100_000),
    };
    await col.doc('scalars').set(data);
    expect((await col.doc('scalars').get()).data()).toEqual(data);
  });

  it('a document just under 1 MiB is accepted', async () => {
    const ref = col.doc('large');
    await ref.set({ s: 'y'.repeat(1_000_000) });
    expect(((await ref.get()).get('s') as string).length).toBe(1_000_000);
  });

  it('integers and doubles, including NaN, ±Infinity and -0', async () => {
    const ref = col.doc('numbers');
    await ref.set({
      zero: 0,
      int: 42,
      neg: -17,
      maxSafe: Number.MAX_SAFE_INTEGER,
      minSafe: Number.MIN_SAFE_INTEGER,
      dbl: 3.14159,
      tiny: 5e-324,
      huge: 1.7976931348623157e308,
      nan: NaN,
      inf: Infinity,
      ninf: -Infinity,
      negZero: -0,
    });
    const d = (await ref.get()).data() ?? {};
    expect(d.zero).toBe(0);
    expect(d.int).toBe(42);
    expect(d.neg).toBe(-17);
    expect(d.maxSafe).toBe(Number.MAX_SAFE_INTEGER);
    expect(d.minSafe).toBe(Number.MIN_SAFE_INTEGER);
    expect(d.dbl).toBe(3.14159);
    expect(d.tiny).toBe(5e-324);
    expect(d.huge).toBe(1.7976931348623157e308);
    expect(d.nan).toBeNaN();
    expect(d.inf).toBe(Infinity);
    expect(d.ninf).toBe(-Infinity);
    expect(Object.is(d.negZero, -0)).toBe(true);
  });

  it('the SDK writes safe integers as integerValue and other numbers as doubleValue', async () => {
    const ref = col.doc('kinds');
    await ref.set({ int: 7, dbl: 7.5, beyond: 2 ** 60, negZero: -0 });
    const d = (await big.doc(ref.path).get()).data() ?? {};
    expect(d.int).toBe(7n);
    expect(d.dbl).toBe(7.5);
    // 2^60 is not a safe integer, so the SDK sends it as a double.
    expect(d.beyond).toBe(2 ** 60);
    expect(typeof d.negZero).toBe('number');
  });

  it('int64 beyond 2^53 written as BigInt comes back exactly with useBigInt', async () => {
    const ref = big.collection('types').doc('int64');
    await ref.set({
      max: 9223372036854775807n,
      min: -9223372036854775808n,
      odd: 9007199254740993n,
    });
    const exact = (await ref.get()).data() ?? {};
    expect(exact.max).toBe(9223372036854775807n);
    expect(exact.min).toBe(-9223372036854775808n);
    expect(exact.odd).toBe(9007199254740993n);
    // Without useBigInt the SDK converts integerValue to the nearest Number.
    const lossy = (await db.doc(ref.path).get()).data() ?? {};
    expect(lossy.max).toBe(Number(9223372036854775807n));
    expect(lossy.odd).toBe(9007199254740992);
  });

  it('timestamps keep microseconds (nanoseconds are truncated) and Dates become Timestamps', async () => {
    const ref = col.doc('times');
    await ref.set({
      micro: new Timestamp(1_700_000_000, 123_456_000),
      nano: new Timestamp(1_700_000_000, 123_456_789),
      epoch: new Timestamp(0, 0),
      old: new Timestamp(-62_135_596_800, 0), // 0001-01-01T00:00:00Z
      latest: new Timestamp(253_402_300_799, 999_999_000), // 9999-12-31T23:59:59.999999Z
      date: new Date('2024-02-29T12:34:56.789Z'),
    });
    const d = (await ref.get()).data() ?? {};
    expect((d.micro as Timestamp).isEqual(new Timestamp(1_700_000_000, 123_456_000))).toBe(true);
    expect((d.nano as Timestamp).isEqual(new Timestamp(1_700_000_000, 123_456_000))).toBe(true);
    expect((d.epoch as Timestamp).isEqual(new Timestamp(0, 0))).toBe(true);
    expect((d.old as Timestamp).seconds).toBe(-62_135_596_800);
    expect((d.latest as Timestamp).isEqual(new Timestamp(253_402_300_799, 999_999_000))).toBe(true);
    expect(d.date).toBeInstanceOf(Timestamp);
    expect((d.date as Timestamp).toDate().toISOString()).toBe('2024-02-29T12:34:56.789Z');
  });

  it('bytes come back as Buffers with the same content', async () => {
    const ref = col.doc('bytes');
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await ref.set({ all, empty: Buffer.alloc(0), u8: new Uint8Array([1, 2, 3]) });
    const d = (await ref.get()).data() ?? {};
    expect(Buffer.isBuffer(d.all)).toBe(true);
    expect((d.all as Buffer).equals(all)).toBe(true);
    expect((d.empty as Buffer).length).toBe(0);
    expect(Buffer.from(d.u8 as Uint8Array).equals(Buffer.from([1, 2, 3]))).toBe(true);
  });

  it('references and geopoints', async () => {
    const ref = col.doc('refs');
    const target = db.doc('somewhere/else/deeper/doc');
    await ref.set({ target, geo: new GeoPoint(37.422, -122.084), south: new GeoPoint(-90, 180) });
    const d = (await ref.get()).data() ?? {};
    expect(d.target).toBeInstanceOf(DocumentReference);
    expect((d.target as DocumentReference).path).toBe('somewhere/else/deeper/doc');
    expect((d.target as DocumentReference).isEqual(target)).toBe(true);
    expect((d.geo as GeoPoint).isEqual(new GeoPoint(37.422, -122.084))).toBe(true);
    expect((d.south as GeoPoint).latitude).toBe(-90);
    expect((d.south as GeoPoint).longitude).toBe(180);
  });

  it('arrays and maps, nested, mixed and empty', async () => {
    const ref = col.doc('containers');
    const data = {
      emptyArr: [],
      emptyMap: {},
      mixed: [1, 'two', null, true, 2.5, { inner: [1, { deep: 'x' }] }, { e: [] }],
      dupes: [1, 1, 'a', 'a'],
      nested: { a: { b: { c: { d: { e: 'deep' } } } }, arr: [{}, { k: [] }] },
    };
    await ref.set(data);
    expect((await ref.get()).data()).toEqual(data);
  });

  it('vector values (FieldValue.vector) round trip', async () => {
    // The SDK sends a vector as a map { __type__: '__vector__', value: [...] }; Firestore
    // accepts that reserved key here and gives the vector back.
    const ref = col.doc('vector');
    await ref.set({ v: FieldValue.vector([1, 2.5, -3]) });
    const snap = await ref.get();
    const v = snap.get('v') as { toArray(): number[] };
    expect(v.toArray()).toEqual([1, 2.5, -3]);
    expect(v.constructor.name).toBe('VectorValue');
  });

  it('a document with every type at once reads back equal', async () => {
    const ref = col.doc('everything');
    const when = new Timestamp(1_600_000_000, 500_000_000);
    await ref.set({
      n: null,
      b: true,
      i: 1,
      d: 1.5,
      t: when,
      s: 'str',
      by: Buffer.from('bytes'),
      r: db.doc('a/b'),
      g: new GeoPoint(1, 2),
      a: [when, db.doc('c/d'), new GeoPoint(3, 4), Buffer.from([9])],
      m: { when, ref: db.doc('e/f') },
    });
    const snap = await ref.get();
    expect((snap.get('t') as Timestamp).isEqual(when)).toBe(true);
    const a = snap.get('a') as unknown[];
    expect((a[0] as Timestamp).isEqual(when)).toBe(true);
    expect((a[1] as DocumentReference).path).toBe('c/d');
    expect((a[2] as GeoPoint).isEqual(new GeoPoint(3, 4))).toBe(true);
    expect((a[3] as Buffer).equals(Buffer.from([9]))).toBe(true);
    expect((snap.get('m.ref') as DocumentReference).path).toBe('e/f');
    expect((snap.get('by') as Buffer).toString()).toBe('bytes');
    expect(snap.get('n')).toBeNull();
    expect(snap.get('i')).toBe(1);
    expect(snap.get('d')).toBe(1.5);
  });
});
