// kill -9 of the real server process during uploads and deletes, three times: every upload and
// delete it acknowledged is found after the restart, byte for byte.
import { Storage, type Bucket } from '@google-cloud/storage';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const CLI = path.join(import.meta.dirname, '../src/cli.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'storage-durability-'));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child!.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  return url;
}

function clientFor(url: string): Storage {
  process.env.STORAGE_EMULATOR_HOST = url;
  // No retries: a call cut by the kill simply was not acknowledged.
  return new Storage({ projectId: 'demo-crm', retryOptions: { autoRetry: false } });
}

const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');

it('loses no acknowledged upload or delete when killed with SIGKILL', async () => {
  const acknowledged = new Map<string, string | null>(); // name -> sha256, null once deleted
  // A delete the kill cut may have reached the disk before its answer: either outcome is right.
  const deleteCut = new Set<string>();
  const expectAcknowledged = async (bucket: Bucket, name: string, hash: string | null) => {
    const file = bucket.file(name);
    const [exists] = await file.exists();
    if (deleteCut.has(name) && !exists) return;
    if (hash === null) expect(exists, name).toBe(false);
    else expect(digest((await file.download())[0]), name).toBe(hash);
  };
  let written = 0;
  for (let round = 0; round < 3; round++) {
    const url = await startServer();
    const bucket = clientFor(url).bucket('demo-crm.appspot.com');

    // Everything acknowledged before (across earlier kills) is there, and nothing deleted is.
    for (const [name, hash] of acknowledged) await expectAcknowledged(bucket, name, hash);

    let killed = false;
    const writer = async (id: number) => {
      while (!killed) {
        const name = `uploads/r${round}/w${id}/${written++}.bin`;
        const data = randomBytes(1024 + Math.floor(Math.random() * 64 * 1024));
        try {
          await bucket.file(name).save(data, { resumable: name.endsWith('0.bin') });
          acknowledged.set(name, digest(data));
          // Every third file is deleted again once saved.
          if (written % 3 === 0) {
            deleteCut.add(name);
            await bucket.file(name).delete();
            deleteCut.delete(name);
            acknowledged.set(name, null);
          }
        } catch {
          return; // The kill cut this call: it was never acknowledged.
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await new Promise((resolve) => setTimeout(resolve, 700 + round * 300));
    killed = true;
    child!.kill('SIGKILL');
    await Promise.all(writers);
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  expect(acknowledged.size).toBeGreaterThan(20);

  const url = await startServer();
  const bucket = clientFor(url).bucket('demo-crm.appspot.com');
  const [files] = await bucket.getFiles({ prefix: 'uploads/' });
  const live = [...acknowledged]
    .filter(([name, hash]) => hash !== null && !deleteCut.has(name))
    .map(([name]) => name);
  // Every live acknowledged file is listed; anything else listed is a write cut by a kill
  // after it reached the disk but before its answer (allowed: it was never acknowledged).
  expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(live));
  for (const [name, hash] of acknowledged) await expectAcknowledged(bucket, name, hash);
  child!.kill('SIGTERM');
  await new Promise((resolve) => child!.once('exit', resolve));
});
