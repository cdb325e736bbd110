// Create / set / update / delete, their preconditions, and document timestamps.
import { describe, expect, it } from 'vitest';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { Code, expectCode, useFirestore } from './helpers.ts';

const db = useFirestore();
const col = db.collection('crud');

describe('create', () => {
  it('creates a missing document', async () => {
    const ref = col.doc('c1');
    await ref.create({ a: 1, s: 'x' });
    const snap = await ref.get();
    expect(snap.exists).toBe(true);
    expect(snap.id).toBe('c1');
    expect(snap.data()).toEqual({ a: 1, s: 'x' });
  });

  it('fails with ALREADY_EXISTS (6) when the document exists, leaving it unchanged', async () => {
    const ref = col.doc('c2');
    await ref.create({ a: 1 });
    await expectCode(ref.create({ a: 2 }), Code.ALREADY_EXISTS);
    expect((await ref.get()).data()).toEqual({ a: 1 });
  });

  it('add() creates a document with a 20-character auto id', async () => {
    const ref = await col.add({ n: 7 });
    expect(ref.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await ref.get()).data()).toEqual({ n: 7 });
  });
});

describe('set', () => {
  it('replaces the whole document', async () => {
    const ref = col.doc('s1');
    await ref.set({ a: 1, b: { c: 2, d: 3 } });
    await ref.set({ b: { c: 5 } });
    expect((await ref.get()).data()).toEqual({ b: { c: 5 } });
  });

  it('with merge keeps the fields it does not name and merges nested maps', async () => {
    const ref = col.doc('s2');
    await ref.set({ a: 1, b: { c: 2, d: 3 }, e: [1, 2] });
    await ref.set({ b: { c: 20, x: 'new' }, f: true }, { merge: true });
    expect((await ref.get()).data()).toEqual({
      a: 1,
      b: { c: 20, d: 3, x: 'new' },
      e: [1, 2],
      f: true,
    });
  });

  it('with merge creates a missing document', async () => {
    const ref = col.doc('s3');
    await ref.set({ a: { b: 1 } }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: { b: 1 } });
  });

  it('with mergeFields writes only the named fields', async () => {
    const ref = col.doc('s4');
    await ref.set({ a: 1, b: 2, c: { x: 1, y: 2 }, d: 4 });
    await ref.set({ a: 10, b: 20, c: { x: 5, z: 9 } }, { mergeFields: ['a', 'c.x'] });
    expect((await ref.get()).data()).toEqual({ a: 10, b: 2, c: { x: 5, y: 2 }, d: 4 });
  });

  it('with mergeFields naming a map field replaces that map entirely', async () => {
    const ref = col.doc('s5');
    await ref.set({ c: { x: 1, y: 2 }, k: 1 });
    await ref.set({ c: { z: 3 } }, { mergeFields: ['c'] });
    expect((await ref.get()).data()).toEqual({ c: { z: 3 }, k: 1 });
  });

  it('with mergeFields and FieldValue.delete() removes a named field', async () => {
    const ref = col.doc('s6');
    await ref.set({ a: 1, b: 2, c: 3 });
    await ref.set({ a: 3, b: FieldValue.delete() }, { mergeFields: ['a', 'b'] });
    expect((await ref.get()).data()).toEqual({ a: 3, c: 3 });
  });
});

describe('update', () => {
  it('changes only the named fields', async () => {
    const ref = col.doc('u1');
    await ref.set({ a: 1, b: 2 });
    await ref.update({ b: 3, c: 4 });
    expect((await ref.get()).data()).toEqual({ a: 1, b: 3, c: 4 });
  });

  it('accepts field/value pairs', async () => {
    const ref = col.doc('u2');
    await ref.set({ a: 1 });
    await ref.update('a', 2, 'b', 'two');
    expect((await ref.get()).data()).toEqual({ a: 2, b: 'two' });
  });

  it('fails with NOT_FOUND (5) on a missing document and creates nothing', async () => {
    const ref = col.doc('u3');
    await expectCode(ref.update({ a: 1 }), Code.NOT_FOUND);
    expect((await ref.get()).exists).toBe(false);
  });

  it('with a current lastUpdateTime precondition succeeds', async () => {
    const ref = col.doc('u4');
    const w = await ref.set({ a: 1 });
    await ref.update({ a: 2 }, { lastUpdateTime: w.writeTime });
    expect((await ref.get()).get('a')).toBe(2);
  });

  it('with a stale lastUpdateTime precondition fails with FAILED_PRECONDITION (9)', async () => {
    const ref = col.doc('u5');
    const first = await ref.set({ a: 1 });
    await ref.update({ a: 2 });
    await expectCode(
      ref.update({ a: 3 }, { lastUpdateTime: first.writeTime }),
      Code.FAILED_PRECONDITION,
    );
    expect((await ref.get()).get('a')).toBe(2);
  });
});

describe('delete', () => {
  it('removes the document', async () => {
    const ref = col.doc('d1');
    await ref.set({ a: 1 });
    await ref.delete();
    const snap = await ref.get();
    expect(snap.exists).toBe(false);
  });

  it('of a missing document succeeds', async () => {
    const w = await col.doc('d2').delete();
    expect(w.writeTime).toBeInstanceOf(Timestamp);
  });

  it('with exists: true fails with NOT_FOUND (5) when the document is missing', async () => {
    await expectCode(col.doc('d3').delete({ exists: true }), Code.NOT_FOUND);
  });

  it('with exists: true deletes an existing document', async () => {
    const ref = col.doc('d4');
    await ref.set({ a: 1 });
    await ref.delete({ exists: true });
    expect((await ref.get()).exists).toBe(false);
  });

  it('with a stale lastUpdateTime fails with FAILED_PRECONDITION (9) and keeps the document', async () => {
    const ref = col.doc('d5');
    const first = await ref.set({ a: 1 });
    await ref.set({ a: 2 });
    await expectCode(ref.delete({ lastUpdateTime: first.writeTime }), Code.FAILED_PRECONDITION);
    expect((await ref.get()).data()).toEqual({ a: 2 });
  });

  it('of a document keeps its subcollections', async () => {
    const ref = col.doc('d6');
    await ref.set({ a: 1 });
    await ref.collection('sub').doc('x').set({ b: 2 });
    await ref.delete();
    expect((await ref.get()).exists).toBe(false);
    expect((await ref.collection('sub').doc('x').get()).data()).toEqual({ b: 2 });
  });
});

describe('get', () => {
  it('of a missing document has exists false, no data and no times but a readTime', async () => {
    const snap = await col.doc('missing').get();
    expect(snap.exists).toBe(false);
    expect(snap.data()).toBeUndefined();
    expect(snap.createTime).toBeUndefined();
    expect(snap.updateTime).toBeUndefined();
    expect(snap.readTime).toBeInstanceOf(Timestamp);
  });

  it('of a document in a subcollection of a missing document', async () => {
    const ref = col.doc('nobody').collection('sub').doc('x');
    await ref.set({ deep: true });
    expect((await ref.get()).data()).toEqual({ deep: true });
    expect((await col.doc('nobody').get()).exists).toBe(false);
  });
});

describe('document ids', () => {
  it('ids with spaces, unicode, emoji and punctuation round trip and sort by UTF-8 bytes', async () => {
    const names = ['with space', 'ünïcødé', '😀', 'a.b', 'dash-id', '#hash', 'Z', '(paren)'];
    for (const name of names) await col.doc(name).set({ name });
    for (const name of names) expect((await col.doc(name).get()).get('name')).toBe(name);
    expect((await col.get()).docs.map((d) => d.id)).toEqual([
      '#hash',
      '(paren)',
      'Z',
      'a.b',
      'dash-id',
      'with space',
      'ünïcødé',
      '😀',
    ]);
  });
});

describe('document times', () => {
  it('WriteResult.writeTime is a recent Timestamp and equals the updateTime', async () => {
    const before = Date.now();
    const ref = col.doc('t1');
    const w = await ref.set({ a: 1 });
    expect(w.writeTime).toBeInstanceOf(Timestamp);
    expect(Math.abs(w.writeTime.toMillis() - before)).toBeLessThan(60_000);
    const snap = await ref.get();
    expect(snap.createTime?.isEqual(w.writeTime)).toBe(true);
    expect(snap.updateTime?.isEqual(w.writeTime)).toBe(true);
    expect(snap.readTime >= w.writeTime).toBe(true);
  });

  it('createTime stays and updateTime moves forward on update', async () => {
    const ref = col.doc('t2');
    const created = await ref.create({ a: 1 });
    const updated = await ref.update({ a: 2 });
    expect(updated.writeTime > created.writeTime).toBe(true);
    const snap = await ref.get();
    expect(snap.createTime?.isEqual(created.writeTime)).toBe(true);
    expect(snap.updateTime?.isEqual(updated.writeTime)).toBe(true);
  });

  it('createTime stays on a set over an existing document', async () => {
    const ref = col.doc('t3');
    const created = await ref.set({ a: 1 });
    const replaced = await ref.set({ b: 1 });
    const snap = await ref.get();
    expect(snap.createTime?.isEqual(created.writeTime)).toBe(true);
    expect(snap.updateTime?.isEqual(replaced.writeTime)).toBe(true);
  });

  it('a delete and re-create gives a new createTime', async () => {
    const ref = col.doc('t4');
    const first = await ref.set({ a: 1 });
    await ref.delete();
    const second = await ref.set({ a: 1 });
    const snap = await ref.get();
    expect(snap.createTime?.isEqual(second.writeTime)).toBe(true);
    expect(snap.createTime?.isEqual(first.writeTime)).toBe(false);
  });

  it('a write that changes nothing keeps the previous updateTime', async () => {
    // WriteResult.update_time: "If the write did not actually change the document, this will
    // be the previous update_time."
    const ref = col.doc('t7');
    const first = await ref.set({ a: 1, m: { x: [1, 2] } });
    const again = await ref.set({ a: 1, m: { x: [1, 2] } });
    expect(again.writeTime.isEqual(first.writeTime)).toBe(true);
    expect((await ref.get()).updateTime?.isEqual(first.writeTime)).toBe(true);
  });

  it('successive writes get strictly increasing write times', async () => {
    const ref = col.doc('t5');
    const times: Timestamp[] = [];
    for (let i = 0; i < 5; i++) times.push((await ref.set({ i })).writeTime);
    for (let i = 1; i < times.length; i++) expect(times[i] > times[i - 1]).toBe(true);
  });

  it('a server timestamp is the request time: millisecond precision, at most the write time', async () => {
    // REQUEST_TIME is documented as "the time at which the server processed the request, with
    // millisecond precision"; the commit (write) time has microseconds and comes at or after it.
    const ref = col.doc('t6');
    const w = await ref.set({ at: FieldValue.serverTimestamp() });
    const at = (await ref.get()).get('at') as Timestamp;
    expect(at.nanoseconds % 1_000_000).toBe(0);
    expect(at <= w.writeTime).toBe(true);
    expect(w.writeTime.toMillis() - at.toMillis()).toBeLessThan(1_000);
  });
});
