// BulkWriter (the BatchWrite RPC): many independent writes, per-write results and errors.
import { describe, expect, it } from 'vitest';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { Code, useFirestore } from './helpers.ts';

// The error a BulkWriter operation rejects with (BulkWriterError is not re-exported by firebase-admin).
type BulkWriterError = Error & { code: unknown; documentRef: { id: string } };

const db = useFirestore();
const col = db.collection('bulk');

describe('BulkWriter', () => {
  it('writes 1,500 documents and reports each result', async () => {
    const writer = db.bulkWriter();
    const succeeded = new Set<string>();
    writer.onWriteResult((ref) => {
      succeeded.add(ref.id);
    });
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < 1500; i++) pending.push(writer.set(col.doc(`b${i}`), { i }));
    await writer.close();
    const results = await Promise.all(pending);
    expect(results).toHaveLength(1500);
    expect(succeeded.size).toBe(1500);
    expect((await col.count().get()).data().count).toBe(1500);
    expect((await col.doc('b1499').get()).data()).toEqual({ i: 1499 });
  });

  it("a delete's result carries no update time; a set's carries the time it was written", async () => {
    await col.doc('gone').set({ v: 0 });
    const writer = db.bulkWriter();
    const deleted = writer.delete(col.doc('gone'));
    const neverExisted = writer.delete(col.doc('never'));
    const written = writer.set(col.doc('new'), { v: 1 });
    await writer.close();
    // BatchWrite has no commit time to fall back on: the SDK shows a missing time as 0.
    expect((await deleted).writeTime.isEqual(new Timestamp(0, 0))).toBe(true);
    expect((await neverExisted).writeTime.isEqual(new Timestamp(0, 0))).toBe(true);
    const snap = await col.doc('new').get();
    expect((await written).writeTime.isEqual(snap.updateTime!)).toBe(true);
  });

  it('a failing write does not stop the others and is reported to onWriteError', async () => {
    await col.doc('exists').set({ v: 0 });
    await col.doc('upd').set({ v: 0 });
    await col.doc('del').set({ v: 0 });
    const writer = db.bulkWriter();
    const errors: { id: string; code: unknown; op: string }[] = [];
    writer.onWriteError((error) => {
      errors.push({ id: error.documentRef.id, code: error.code, op: error.operationType });
      return false; // do not retry
    });
    const okIds: string[] = [];
    writer.onWriteResult((ref) => {
      okIds.push(ref.id);
    });
    const outcomes: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) outcomes.push(writer.set(col.doc(`ok${i}`), { i }));
    outcomes.push(writer.update(col.doc('missing'), { v: 1 }));
    outcomes.push(writer.create(col.doc('exists'), { v: 1 }));
    outcomes.push(writer.update(col.doc('upd'), { v: FieldValue.increment(5) }));
    outcomes.push(writer.delete(col.doc('del')));
    const settling = Promise.allSettled(outcomes); // handles the rejections right away
    await writer.close();
    const settled = await settling;

    expect(settled.filter((s) => s.status === 'rejected')).toHaveLength(2);
    const missing = settled[20];
    expect(missing.status).toBe('rejected');
    if (missing.status === 'rejected') {
      expect(missing.reason).toBeInstanceOf(Error);
      expect((missing.reason as BulkWriterError).documentRef.id).toBe('missing');
      expect((missing.reason as BulkWriterError).code).toBe(Code.NOT_FOUND);
    }
    expect(errors.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'exists', code: Code.ALREADY_EXISTS, op: 'create' },
      { id: 'missing', code: Code.NOT_FOUND, op: 'update' },
    ]);
    expect(okIds).toHaveLength(22);
    expect((await col.doc('exists').get()).data()).toEqual({ v: 0 });
    expect((await col.doc('upd').get()).data()).toEqual({ v: 5 });
    expect((await col.doc('missing').get()).exists).toBe(false);
    expect((await col.doc('del').get()).exists).toBe(false);
    expect((await col.doc('ok19').get()).data()).toEqual({ i: 19 });
    expect((await col.count().get()).data().count).toBe(22); // ok0..ok19, 'exists', 'upd'
  });
});
