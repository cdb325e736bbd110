// A data folder from before the local Cloud Storage: its files/ folder is moved into the bucket
// on the first start (tools/stack/import-local-files.ts), content types included.
import { Storage } from '@google-cloud/storage';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { importLocalFiles } from '../../stack/import-local-files.ts';
import { startStorageServer } from '../src/index.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'import-local-files-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('uploads every file of the old folder at its path, then sets the folder aside', async () => {
  const uploads = path.join(dataDir, 'files', 'uploads');
  mkdirSync(uploads, { recursive: true });
  writeFileSync(path.join(uploads, 'a.pdf'), '%PDF-1.7');
  writeFileSync(path.join(uploads, '.a.pdf.meta.json'), '{"contentType":"application/pdf"}');
  writeFileSync(path.join(uploads, 'b.bin'), 'no metadata');
  const server = await startStorageServer({ port: 0 });
  try {
    expect(await importLocalFiles(dataDir, server.host, 'demo-crm.appspot.com')).toBe(2);
    const bucket = new Storage({ apiEndpoint: server.url }).bucket('demo-crm.appspot.com');
    const [files] = await bucket.getFiles();
    expect(files.map((f) => [f.name, f.metadata.contentType])).toEqual([
      ['uploads/a.pdf', 'application/pdf'],
      ['uploads/b.bin', 'application/octet-stream'],
    ]);
    expect((await bucket.file('uploads/a.pdf').download())[0].toString()).toBe('%PDF-1.7');
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'files.imported', 'uploads', 'a.pdf'))).toBe(true);
    // A second start finds nothing to move.
    expect(await importLocalFiles(dataDir, server.host, 'demo-crm.appspot.com')).toBe(0);
  } finally {
    await server.close();
  }
});
