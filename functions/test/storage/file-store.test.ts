// The production file store through the real client (firebase-admin's @google-cloud/storage)
// against the local Cloud Storage server the global setup starts (tools/storage).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CloudStorageFileStore } from '../../src/storage/cloud-storage-file-store';
import { createFileStore } from '../../src/storage/create-file-store';

// The bucket is shared by the run's files: each test works under a folder of its own.
const folder = () => `file-store-test/${randomUUID()}`;

describe('CloudStorageFileStore', () => {
  it('is what createFileStore gives, on the default bucket', () => {
    expect(createFileStore()).toBeInstanceOf(CloudStorageFileStore);
  });

  it('reads back what it saved, with its content type', async () => {
    const store = createFileStore();
    const path = `${folder()}/2024/quote.pdf`;
    const data = Buffer.from('%PDF-1.7 quote');
    await store.save(path, data, 'application/pdf');
    expect(await store.read(path)).toEqual({ data, contentType: 'application/pdf' });
  });

  it('replaces a file saved again', async () => {
    const store = createFileStore();
    const path = `${folder()}/notes.txt`;
    await store.save(path, Buffer.from('old'), 'text/plain');
    await store.save(path, Buffer.from('new, longer'), 'text/markdown');
    expect(await store.read(path)).toEqual({
      data: Buffer.from('new, longer'),
      contentType: 'text/markdown',
    });
  });

  it('answers null for a file it does not have, or a folder', async () => {
    const store = createFileStore();
    const base = folder();
    await store.save(`${base}/a/b.txt`, Buffer.from('b'), 'text/plain');
    expect(await store.read(`${base}/missing.txt`)).toBeNull();
    expect(await store.read(`${base}/a`)).toBeNull();
    expect(await store.read(`${base}/a/b.txt/c`)).toBeNull();
  });

  it('removes a file, and removing it again is fine', async () => {
    const store = createFileStore();
    const path = `${folder()}/gone.csv`;
    await store.save(path, Buffer.from('a,b'), 'text/csv');
    await store.remove(path);
    expect(await store.read(path)).toBeNull();
    await expect(store.remove(path)).resolves.toBeUndefined();
  });

  it.each([
    '../outside.txt',
    'a/../../outside.txt',
    '/etc/passwd',
    '',
    'a//b',
    'a/./b',
    'a/',
    'a\\..\\b',
    '.hidden',
    'a/.b.meta.json',
    'nul\u0000byte',
    'x'.repeat(1025),
  ])('refuses the path %j', async (path) => {
    const store = createFileStore();
    await expect(store.save(path, Buffer.from('x'), 'text/plain')).rejects.toThrow(
      'Invalid file path',
    );
    await expect(store.read(path)).rejects.toThrow('Invalid file path');
    await expect(store.remove(path)).rejects.toThrow('Invalid file path');
  });
});
