// The server through the real client: @google-cloud/storage as firebase-admin creates it with
// FIREBASE_STORAGE_EMULATOR_HOST, on each call the product makes and the errors it relies on.
import { Storage } from '@google-cloud/storage';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageServer, type StorageServer } from '../src/index.ts';

let server: StorageServer;
let storage: Storage;
const bucket = () => storage.bucket('demo-crm.appspot.com');

beforeAll(async () => {
  server = await startStorageServer({ port: 0 });
  // What firebase-admin does with FIREBASE_STORAGE_EMULATOR_HOST (host:port, no scheme).
  process.env.STORAGE_EMULATOR_HOST = `http://${server.host}`;
  storage = new Storage({ projectId: 'demo-crm' });
});

afterAll(async () => {
  delete process.env.STORAGE_EMULATOR_HOST;
  await server.close();
});

function statusOf(error: unknown): unknown {
  return (error as { code?: unknown }).code;
}

describe('the product calls, through @google-cloud/storage', () => {
  it('saves in one request (multipart) and reads back metadata and bytes', async () => {
    const data = Buffer.from('%PDF-1.7 quote');
    const file = bucket().file('uploads/2026/quote 1.pdf');
    await file.save(data, { contentType: 'application/pdf', resumable: false });
    const [metadata] = await file.getMetadata();
    expect(metadata).toMatchObject({
      name: 'uploads/2026/quote 1.pdf',
      bucket: 'demo-crm.appspot.com',
      contentType: 'application/pdf',
      size: String(data.length),
      storageClass: 'STANDARD',
    });
    expect(metadata.generation).toMatch(/^\d+$/);
    // The client checks the bytes against the CRC32C and MD5 the server reports.
    const [read] = await bucket().file(file.name, { generation: metadata.generation }).download();
    expect(read).toEqual(data);
  });

  it('uploads through a resumable session, in chunks too', async () => {
    const data = randomBytes(700 * 1024);
    const whole = bucket().file('big/whole.bin');
    await whole.save(data, { resumable: true, contentType: 'application/octet-stream' });
    // Buffer.equals: toEqual compares 700 KB element by element, for seconds.
    expect((await whole.download())[0].equals(data)).toBe(true);

    const chunked = bucket().file('big/chunked.bin');
    await chunked.save(data, { resumable: true, chunkSize: 256 * 1024 });
    expect((await chunked.download())[0].equals(data)).toBe(true);
    expect((await chunked.getMetadata())[0].size).toBe(String(data.length));
  });

  it('replaces a file saved again with a newer generation; the older one is gone', async () => {
    const file = bucket().file('notes.txt');
    await file.save('old', { contentType: 'text/plain', resumable: false });
    const [first] = await file.getMetadata();
    await file.save('new, longer', { contentType: 'text/markdown', resumable: false });
    const [second] = await file.getMetadata();
    expect(BigInt(second.generation!)).toBeGreaterThan(BigInt(first.generation!));
    expect(second.contentType).toBe('text/markdown');
    const old = bucket().file('notes.txt', { generation: first.generation });
    await expect(old.download()).rejects.toSatisfy((e) => statusOf(e) === 404);
    expect((await file.download())[0].toString()).toBe('new, longer');
  });

  it('answers 404 for a missing object, as the store maps to "no file"', async () => {
    const missing = bucket().file('missing.txt');
    await expect(missing.getMetadata()).rejects.toSatisfy((e) => statusOf(e) === 404);
    await expect(missing.download()).rejects.toSatisfy((e) => statusOf(e) === 404);
    expect((await missing.exists())[0]).toBe(false);
    // A "folder" is no object either.
    await bucket().file('a/b.txt').save('b', { resumable: false });
    await expect(bucket().file('a').getMetadata()).rejects.toSatisfy((e) => statusOf(e) === 404);
  });

  it('deletes, and a second delete is 404 unless ignoreNotFound', async () => {
    const file = bucket().file('gone.csv');
    await file.save('a,b', { contentType: 'text/csv', resumable: false });
    await file.delete();
    await expect(file.getMetadata()).rejects.toSatisfy((e) => statusOf(e) === 404);
    await expect(file.delete()).rejects.toSatisfy((e) => statusOf(e) === 404);
    await expect(file.delete({ ignoreNotFound: true })).resolves.toBeDefined();
  });

  it('refuses a write or delete whose generation precondition fails with 412', async () => {
    const file = bucket().file('guarded.txt');
    await file.save('v1', { resumable: false, preconditionOpts: { ifGenerationMatch: 0 } });
    const [metadata] = await file.getMetadata();
    const conditionFailed = (e: unknown) => statusOf(e) === 412;
    // 0: only if there is no live object.
    await expect(
      file.save('v2', { resumable: false, preconditionOpts: { ifGenerationMatch: 0 } }),
    ).rejects.toSatisfy(conditionFailed);
    await expect(
      file.save('v2', { resumable: true, preconditionOpts: { ifGenerationMatch: 1 } }),
    ).rejects.toSatisfy(conditionFailed);
    await expect(file.delete({ ifGenerationMatch: 1 })).rejects.toSatisfy(conditionFailed);
    await file.save('v2', {
      resumable: false,
      preconditionOpts: { ifGenerationMatch: Number(metadata.generation) },
    });
    expect((await file.download())[0].toString()).toBe('v2');
  });

  it('lists by prefix, with folders as prefixes and pages', async () => {
    const names = ['list/a.txt', 'list/b.txt', 'list/sub/c.txt', 'listing.txt'];
    for (const name of names) await bucket().file(name).save(name, { resumable: false });
    const [files] = await bucket().getFiles({ prefix: 'list/' });
    expect(files.map((f) => f.name)).toEqual(['list/a.txt', 'list/b.txt', 'list/sub/c.txt']);
    const [top, , answer] = await bucket().getFiles({
      prefix: 'list/',
      delimiter: '/',
      autoPaginate: false,
    });
    expect(top.map((f) => f.name)).toEqual(['list/a.txt', 'list/b.txt']);
    expect((answer as { prefixes?: string[] }).prefixes).toEqual(['list/sub/']);
    const [page, next] = await bucket().getFiles({
      prefix: 'list',
      maxResults: 2,
      autoPaginate: false,
    });
    expect(page.map((f) => f.name)).toEqual(['list/a.txt', 'list/b.txt']);
    const [rest] = await bucket().getFiles({ ...next, autoPaginate: false });
    expect(rest.map((f) => f.name)).toEqual(['list/sub/c.txt', 'listing.txt']);
  });

  it('serves a byte range', async () => {
    const file = bucket().file('range.txt');
    await file.save('0123456789', { resumable: false });
    expect((await file.download({ start: 2, end: 5 }))[0].toString()).toBe('2345');
  });

  it('refuses an upload whose bytes do not match the MD5 sent with them', async () => {
    const file = bucket().file('corrupt.txt');
    await expect(
      file.save('abc', { resumable: false, metadata: { md5Hash: 'AAAAAAAAAAAAAAAAAAAAAA==' } }),
    ).rejects.toSatisfy((e) => statusOf(e) === 400);
    await expect(file.getMetadata()).rejects.toSatisfy((e) => statusOf(e) === 404);
  });
});

describe('the JSON API by hand', () => {
  it('takes a media upload (uploadType=media) and answers errors in the JSON API form', async () => {
    const upload = await fetch(
      `${server.url}/upload/storage/v1/b/demo-crm.appspot.com/o?uploadType=media&name=raw%2Fa.json`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' },
    );
    expect(upload.status).toBe(200);
    expect(await upload.json()).toMatchObject({
      name: 'raw/a.json',
      contentType: 'application/json',
    });
    const missing = await fetch(`${server.url}/storage/v1/b/demo-crm.appspot.com/o/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: {
        code: 404,
        message: 'No such object: demo-crm.appspot.com/nothing',
        errors: [
          {
            domain: 'global',
            reason: 'notFound',
            message: 'No such object: demo-crm.appspot.com/nothing',
          },
        ],
      },
    });
  });
});
