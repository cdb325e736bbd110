// Customers and entries are written only through domain/writes/records.ts, which moves the
// dashboard counters, recent activity and notifications with each write.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../scripts/feature-graph';
import { findRecordWrites } from './record-writes';

const ROOT = path.resolve(__dirname, '../../..');
const SRC = path.join(ROOT, 'functions/src');
const WRITE_PATH = path.join(SRC, 'domain/writes/records.ts');
/** The server, and what runs beside it: the stack's seed, the bench's tools, browser tests. */
const SCANNED = [
  SRC,
  path.join(ROOT, 'tools/stack'),
  path.join(ROOT, 'tools/bench'),
  path.join(ROOT, 'e2e'),
];

describe('writes of customers and entries', () => {
  it('go through the write path only, in the server and in the tools', () => {
    const elsewhere = SCANNED.flatMap(sourceFiles)
      .filter((file) => file !== WRITE_PATH && !file.includes(`${path.sep}node_modules${path.sep}`))
      .flatMap((file) =>
        findRecordWrites(file, readFileSync(file, 'utf8')).map(
          (w) => `${path.relative(ROOT, file)}:${w.line} ${w.text}`,
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
