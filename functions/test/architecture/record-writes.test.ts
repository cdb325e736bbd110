// Customers and entries are written only through domain/writes/records.ts, which moves the
// dashboard counters, recent activity and notifications with each write.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../scripts/feature-graph';
import { findRecordWrites } from './record-writes';

const SRC = path.resolve(__dirname, '../../src');
const WRITE_PATH = path.join(SRC, 'domain/writes/records.ts');

describe('writes of customers and entries', () => {
  it('go through the write path only', () => {
    const elsewhere = sourceFiles(SRC)
      .filter((file) => file !== WRITE_PATH)
      .flatMap((file) =>
        findRecordWrites(file, readFileSync(file, 'utf8')).map(
          (w) => `${path.relative(SRC, file)}:${w.line} ${w.text}`,
        ),
      );
    expect(elsewhere).toEqual([]);
  });

  it('are found however the document is reached', () => {
    const source = `
      const ref = db.collection(ENTRIES).doc(id);
      tx.update(ref, { status: 'confirmed' });
      batch.set(db.collection('customers').doc(), {});
      const page = await db.collection(CUSTOMERS).where('x', '==', 1).get();
      page.docs.forEach((d) => batch.delete(d.ref));
      await db.collection(ENTRIES).doc(id).update({ amount: 1 });
      const snap = await tx.get(db.collection(ENTRIES).doc(id));
      tx.set(snap.ref, {});
      await db.doc(\`\${ENTRIES}/\${id}\`).update({});
      tx.update(db.collection(ENTRIES).doc(id).collection('history').doc(), {});
      tx.set(db.collection(FOLLOW_UPS).doc(id), {});
    `;
    expect(findRecordWrites('fixture.ts', source).map((w) => w.line)).toEqual([3, 4, 6, 7, 9, 10]);
  });
});
