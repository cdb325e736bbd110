// The same behaviour from both stores: the local folder on disk, and Cloud Storage through a
// fake bucket that answers like the real one (404 errors, generations).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CloudStorageFileStore } from '../../src/storage/cloud-storage-file-store';
import type { FileStore } from '../../src/storage/file-store';
import { LocalFolderFileStore } from '../../src/storage/local-folder-file-store';

const folders: string[] = [];

afterEach(async () => {
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'file-store-'));
  folders.push(folder);
  return folder;
}

interface FakeObject {
  data: Buffer;
  contentType: string;
  generation: number;
}

function fakeBucket() {
  const objects = new Map<string, FakeObject>();
  let generations = 0;
  const notFound = () => Object.assign(new Error('No such object'), { code: 404 });
  const bucket = {
    file(name: string, options: { generation?: number | string } = {}) {
      const current = () => {
        const object = objects.get(name);
        const wanted = options.generation === undefined ? undefined : Number(options.generation);
        if (!object || (wanted !== undefined && wanted !== object.generation)) throw notFound();
        return object;
      };
      return {
        async save(data: Buffer, { contentType }: { contentType: string }) {
          objects.set(name, { data: Buffer.from(data), contentType, generation: ++generations });
        },
        async getMetadata() {
          const { contentType, generation } = current();
          return [{ contentType, generation: String(generation) }];
        },
        async download() {
          return [current().data];
        },
        async delete({ ignoreNotFound }: { ignoreNotFound?: boolean } = {}) {
          if (!objects.delete(name) && !ignoreNotFound) throw notFound();
        },
      };
    },
  };
  return bucket as unknown as ConstructorParameters<typeof CloudStorageFileStore>[0];
}

const stores: [string, () => Promise<FileStore>][] = [
  ['LocalFolderFileStore', async () => new LocalFolderFileStore(await tempFolder())],
  ['CloudStorageFileStore', async () => new CloudStorageFileStore(fakeBucket())],
];

describe.each(stores)('%s', (_name, createStore) => {
  it('reads back what it saved, with its content type', async () => {
    const store = await createStore();
    const data = Buffer.from('%PDF-1.7 quote');
    await store.save('uploads/2024/quote.pdf', data, 'application/pdf');
    expect(await store.read('uploads/2024/quote.pdf')).toEqual({
      data,
      contentType: 'application/pdf',
    });
  });

  it('replaces a file saved again', async () => {
    const store = await createStore();
    await store.save('notes.txt', Buffer.from('old'), 'text/plain');
    await store.save('notes.txt', Buffer.from('new, longer'), 'text/markdown');
    expect(await store.read('notes.txt')).toEqual({
      data: Buffer.from('new, longer'),
      contentType: 'text/markdown',
    });
  });

  it('answers null for a file it does not have, or a folder', async () => {
    const store = await createStore();
    await store.save('a/b.txt', Buffer.from('b'), 'text/plain');
    expect(await store.read('missing.txt')).toBeNull();
    expect(await store.read('a')).toBeNull();
    expect(await store.read('a/b.txt/c')).toBeNull();
  });

  it('removes a file, and removing it again is fine', async () => {
    const store = await createStore();
    await store.save('gone.csv', Buffer.from('a,b'), 'text/csv');
    await store.remove('gone.csv');
    expect(await store.read('gone.csv')).toBeNull();
    await expect(store.remove('gone.csv')).resolves.toBeUndefined();
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
    const store = await createStore();
    await expect(store.save(path, Buffer.from('x'), 'text/plain')).rejects.toThrow(
      'Invalid file path',
    );
    await expect(store.read(path)).rejects.toThrow('Invalid file path');
    await expect(store.remove(path)).rejects.toThrow('Invalid file path');
  });
});

describe('LocalFolderFileStore on disk', () => {
  it('writes nothing outside its folder and leaves no temporary files', async () => {
    const parent = await tempFolder();
    const store = new LocalFolderFileStore(join(parent, 'files'));
    await store.save('a/b.bin', Buffer.from([1, 2, 3]), 'application/octet-stream');
    await expect(store.save('../escaped.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    expect(await readdir(parent)).toEqual(['files']);
    expect((await readdir(join(parent, 'files', 'a'))).sort()).toEqual([
      '.b.bin.meta.json',
      'b.bin',
    ]);
  });

  it('reads a file put in the folder by hand as application/octet-stream', async () => {
    const folder = await tempFolder();
    const store = new LocalFolderFileStore(folder);
    await store.save('by-hand.pdf', Buffer.from('x'), 'application/pdf');
    await rm(join(folder, '.by-hand.pdf.meta.json'));
    expect(await store.read('by-hand.pdf')).toEqual({
      data: Buffer.from('x'),
      contentType: 'application/octet-stream',
    });
  });
});
