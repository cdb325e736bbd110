// A running stack with its data kept: each of its processes killed with SIGKILL in the middle
// of writes (the supervisor restarts it), then all of them at once; every customer created and
// every account registered and every file uploaded that the API acknowledged (201) is there
// afterwards, the files byte for byte.
import { createHash, randomBytes } from 'node:crypto';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { DASHBOARD_PATHS } from '../../bench/run/calls.ts';
import { PROJECT_ID } from '../config.ts';
import { demoAccounts } from '../seed.ts';
import { API_INSTANCE_NAMES, type Stack } from '../stack.ts';
import {
  api,
  crash,
  killAndWait,
  seededStackAt,
  signIn,
  stackAt,
  tempDataDir,
  until,
} from './support.ts';

const OFFSET = 40;

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A PNG (by its signature, which is what the API checks) of random bytes. */
function randomPng(): Buffer {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return Buffer.concat([
    Buffer.from(signature),
    randomBytes(2_000 + Math.floor(Math.random() * 30_000)),
  ]);
}

/** POST /api/uploads with one file; its URL when acknowledged. */
async function upload(stack: Stack, token: string, data: Buffer): Promise<string | undefined> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'scan.png');
  const res = await fetch(`${stack.url}/api/uploads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 201) return undefined;
  return ((await res.json()) as { files: { url: string }[] }).files[0]!.url;
}

/** Writers through the API until stopped; keeps what was acknowledged. */
function writeLoad(stack: Stack, token: string) {
  const customers: string[] = [];
  const accounts: string[] = [];
  const files = new Map<string, string>(); // URL -> sha256 of the bytes uploaded
  let stopped = false;
  let next = 0;
  const workers = Array.from({ length: 4 }, async () => {
    while (!stopped) {
      const k = next++;
      try {
        if (k % 8 === 2) {
          const data = randomPng();
          const url = await upload(stack, token, data);
          if (url) files.set(url, sha256(data));
          else await new Promise((r) => setTimeout(r, 50));
        } else if (k % 4 === 3) {
          const email = `kill-test-${k}@example.in`;
          // Each from an address of its own: one address may register only a few an hour.
          const res = await api(stack, '/auth/register', {
            from: `127.0.${(k >> 8) & 255}.${k & 255}`,
            body: {
              fullName: `Kill Test ${k}`,
              email,
              phone: `9${700_000_000 + k}`,
              password: 'kill-test-123',
            },
          });
          if (res.status === 201) accounts.push(email);
        } else {
          const res = await api(stack, '/customers', {
            token,
            body: { names: [`Kill Test Customer ${k}`], phones: [`8${700_000_000 + k}`] },
          });
          if (res.status === 201) customers.push(res.body._id as string);
          else await new Promise((r) => setTimeout(r, 50));
        }
      } catch {
        // No answer: nothing was acknowledged.
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  });
  return {
    customers,
    accounts,
    files,
    acknowledged: () => customers.length + accounts.length + files.size,
    stop: async () => {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

describe('a stack whose processes are killed', () => {
  const stacks: Stack[] = [];
  const data = tempDataDir();
  afterAll(async () => {
    for (const s of stacks) await s.stop();
    await (await data).remove();
  });

  it('keeps every acknowledged write', async () => {
    const { dir } = await data;
    const seeded = await seededStackAt(OFFSET, dir, { jobs: true });
    let stack = seeded.stack;
    stacks.push(stack);
    const load = writeLoad(stack, seeded.adminToken);

    for (const name of [
      'firestore',
      'storage',
      'firebase',
      'outbox',
      'jobs',
      ...API_INSTANCE_NAMES,
    ]) {
      const before = load.acknowledged();
      await until(`writes before killing ${name}`, () => load.acknowledged() >= before + 8);
      // The supervisor starts it again, and the stack answers again.
      await killAndWait(stack, name);
      await until(`health after ${name}`, async () => (await api(stack, '/health')).status === 200);
      // An api instance: that one answers again, not only the other through the front.
      const instance = API_INSTANCE_NAMES.indexOf(name);
      if (instance >= 0)
        await until(`${name} answers`, async () => {
          const res = await fetch(`http://127.0.0.1:${stack.apiPorts[instance]}/api/health`).catch(
            () => undefined,
          );
          return res?.status === 200;
        });
    }
    const before = load.acknowledged();
    await until('writes after the restarts', () => load.acknowledged() >= before + 8);

    // The machine goes down: every process at once, in the middle of writes.
    await crash(stack);
    await load.stop();
    stacks.pop();

    stack = await stackAt(OFFSET, dir);
    stacks.push(stack);
    expect(stack.restored).toBe(true);
    // Once started, the first page answers: the page, the sign-in, the dashboard. (How fast is
    // the bench's to measure, on a quiet machine; this suite shares the cores with others.)
    expect((await fetch(stack.url)).status).toBe(200);
    const admin = demoAccounts().find((a) => a.role === 'admin')!;
    const token = await signIn(stack, admin.email, admin.password);
    const dashboard = await Promise.all(DASHBOARD_PATHS.map((path) => api(stack, path, { token })));
    expect(dashboard.map((r) => r.status)).toEqual(DASHBOARD_PATHS.map(() => 200));

    if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
    const db = getFirestore();
    const stored = await db.getAll(...load.customers.map((id) => db.doc(`customers/${id}`)));
    expect(stored.filter((d) => !d.exists).map((d) => d.id)).toEqual([]);
    for (const email of load.accounts) {
      const user = await getAuth().getUserByEmail(email);
      expect((await db.doc(`users/${user.uid}`).get()).get('email')).toBe(email);
    }
    for (const [url, hash] of load.files) {
      const res = await fetch(`${stack.url}${url}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status, url).toBe(200);
      expect(sha256(new Uint8Array(await res.arrayBuffer())), url).toBe(hash);
    }
    expect(load.customers.length).toBeGreaterThan(10);
    expect(load.accounts.length).toBeGreaterThan(3);
    expect(load.files.size).toBeGreaterThan(3);
  });
});
