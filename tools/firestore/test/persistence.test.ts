// Export / import of the embedded server (POST .../projects/{p}:export and :import).
import { appendFile, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GeoPoint, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import {
  EMBEDDED,
  EMBEDDED_ONLY,
  exportData,
  importData,
  resetDatabase,
  useBigIntFirestore,
  useFirestore,
} from './helpers.ts';

const db = useFirestore();
const big = useBigIntFirestore(); // tells integers from doubles after the round trip

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'firestore-export-'));
  folders.push(folder);
  return folder;
}

const PATHS = [
  'persist/types',
  'persist/plain',
  'persist/plain/sub/child',
  'persist/plain/sub/child/deeper/leaf',
  'persist/ghost/only/orphan', // its parent 'persist/ghost' does not exist
  'persist2/x',
];

async function seed(): Promise<void> {
  await db.doc('persist/types').set({
    nul: null,
    t: true,
    int: 42,
    big: 9007199254740993n,
    dbl: 2.5,
    nan: NaN,
    inf: -Infinity,
    negZero: -0,
    ts: new Timestamp(1_700_000_000, 123_456_000),
    s: 'héllo 😀',
    bytes: Buffer.from([0, 1, 254, 255]),
    ref: db.doc('persist/plain'),
    geo: new GeoPoint(48.85, 2.35),
    arr: [1, 'a', { m: [true] }],
    map: { nested: { deep: 'value' }, empty: {} },
    emptyArr: [],
  });
  await db.doc('persist/plain').set({ n: 1 });
  await db.doc('persist/plain').update({ n: 2 }); // createTime and updateTime differ
  await db.doc('persist/plain/sub/child').set({ n: 3 });
  await db.doc('persist/plain/sub/child/deeper/leaf').set({ n: 4 });
  await db.doc('persist/ghost/only/orphan').set({ n: 5 });
  await db.doc('persist2/x').set({ n: 6 });
}

async function readAll(): Promise<DocumentSnapshot[]> {
  return big.getAll(...PATHS.map((p) => big.doc(p)));
}

describe.skipIf(!EMBEDDED)(`export and import ${EMBEDDED_ONLY}`, () => {
  it('round trips every type, subcollections and document times', async () => {
    await seed();
    const before = await readAll();
    expect(before.every((s) => s.exists)).toBe(true);
    const folder = await tempFolder();
    await exportData(folder);
    expect((await readdir(folder)).length).toBeGreaterThan(0);

    await resetDatabase();
    expect(await db.listCollections()).toEqual([]);

    await importData(folder);
    const after = await readAll();
    for (let i = 0; i < PATHS.length; i++) {
      const [b, a] = [before[i], after[i]];
      expect(a.exists, PATHS[i]).toBe(true);
      expect(a.data(), PATHS[i]).toEqual(b.data());
      expect(a.createTime?.isEqual(b.createTime as Timestamp), PATHS[i]).toBe(true);
      expect(a.updateTime?.isEqual(b.updateTime as Timestamp), PATHS[i]).toBe(true);
    }
    const types = after[0];
    expect(types.get('int')).toBe(42n);
    expect(types.get('big')).toBe(9007199254740993n);
    expect(types.get('dbl')).toBe(2.5);
    expect(Object.is(types.get('negZero'), -0)).toBe(true);
    expect(types.get('nan')).toBeNaN();
    expect((types.get('bytes') as Buffer).equals(Buffer.from([0, 1, 254, 255]))).toBe(true);
  });

  it('keeps the structure: listings, missing parents and collection groups', async () => {
    await seed();
    const folder = await tempFolder();
    await exportData(folder);
    await resetDatabase();
    await importData(folder);
    expect((await db.listCollections()).map((c) => c.id).sort()).toEqual(['persist', 'persist2']);
    expect((await db.collection('persist').listDocuments()).map((r) => r.id).sort()).toEqual([
      'ghost',
      'plain',
      'types',
    ]);
    expect((await db.doc('persist/ghost').get()).exists).toBe(false);
    expect((await db.collectionGroup('deeper').get()).docs.map((d) => d.ref.path)).toEqual([
      'persist/plain/sub/child/deeper/leaf',
    ]);
    expect((await db.collection('persist').where('n', '==', 2).get()).size).toBe(1);
  });

  it('reads lines longer than its read chunk (1 MiB), CRLF line ends and a last line without one', async () => {
    // Quotes are escaped in the file: 600,000 of them make a line of 1.2 MB.
    const long = '"'.repeat(600_000);
    const small = Array.from({ length: 300 }, (_, i) => `row ${i} ${'x'.repeat(i * 50)}`);
    const batch = db.batch();
    batch.set(db.doc('persist/long1'), { text: long });
    small.forEach((text, i) => batch.set(db.doc(`persist/small${i}`), { text }));
    batch.set(db.doc('persist/long2'), { text: `${long}2` });
    await batch.commit();
    const folder = await tempFolder();
    await exportData(folder);
    const file = join(folder, '(default).jsonl');
    const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
    expect(Math.max(...lines.map((l) => l.length))).toBeGreaterThan(1 << 20);
    await writeFile(file, lines.map((l, i) => (i % 2 ? `${l}\r` : l)).join('\n'));

    await resetDatabase();
    await importData(folder);
    expect((await db.doc('persist/long1').get()).get('text')).toBe(long);
    expect((await db.doc('persist/long2').get()).get('text')).toBe(`${long}2`);
    const stored = await db.getAll(...small.map((_, i) => db.doc(`persist/small${i}`)));
    expect(stored.map((d) => d.get('text'))).toEqual(small);
  });

  it('follows a file still being appended to until its metadata says it is whole', async () => {
    const small = Array.from({ length: 200 }, (_, i) => `row ${i}`);
    const batch = db.batch();
    small.forEach((text, i) => batch.set(db.doc(`persist/grow${i}`), { text }));
    await batch.commit();
    const folder = await tempFolder();
    await exportData(folder);
    const file = join(folder, '(default).jsonl');
    const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
    const metadataFile = join(folder, 'metadata.json');
    const whole = await readFile(metadataFile, 'utf8');
    const marked = JSON.parse(whole) as { databases: { appending?: boolean }[] };
    marked.databases[0].appending = true;
    const half = lines.length / 2;
    // A writer that has written half the lines and a part of the next one.
    const rest = `${lines.slice(half).join('\n')}\n`;
    await writeFile(file, `${lines.slice(0, half).join('\n')}\n${rest.slice(0, 30)}`);
    await writeFile(metadataFile, JSON.stringify(marked));

    await resetDatabase();
    let answered = false;
    const importing = importData(folder).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    await appendFile(file, rest.slice(30, 200));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await appendFile(file, rest.slice(200));
    expect(answered).toBe(false);
    // Whole: the metadata is replaced by a rename, as the writer's last step.
    await writeFile(`${metadataFile}.tmp`, whole);
    await rename(`${metadataFile}.tmp`, metadataFile);
    await importing;
    const stored = await db.getAll(...small.map((_, i) => db.doc(`persist/grow${i}`)));
    expect(stored.map((d) => d.get('text'))).toEqual(small);
  });

  it('import replaces the current data', async () => {
    await seed();
    const folder = await tempFolder();
    await exportData(folder);
    await db.doc('persist/plain').set({ n: 'changed' });
    await db.doc('persist/added-later').set({ n: 7 });
    await db.doc('persist/types').delete();
    await importData(folder);
    expect((await db.doc('persist/plain').get()).data()).toEqual({ n: 2 });
    expect((await db.doc('persist/added-later').get()).exists).toBe(false);
    expect((await db.doc('persist/types').get()).exists).toBe(true);
  });

  it('writes after an import get later times than the imported ones', async () => {
    await seed();
    const folder = await tempFolder();
    await exportData(folder);
    const imported = (await db.doc('persist/plain').get()).updateTime as Timestamp;
    await resetDatabase();
    await importData(folder);
    const w = await db.doc('persist/plain').update({ n: 3 });
    expect(w.writeTime > imported).toBe(true);
    const snap = await db.doc('persist/plain').get();
    expect(snap.updateTime?.isEqual(w.writeTime)).toBe(true);
  });
});
