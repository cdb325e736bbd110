import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { portsFromFirebaseJson } from '../config.ts';
import { demoAccounts, seedDemoCompany } from '../seed.ts';
import { seededMarker, startStack, type Stack } from '../stack.ts';

export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function tempDataDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'stack-data-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export function stackAt(
  offset: number,
  dataDir: string,
  options: { officialFirestore?: boolean } = {},
): Promise<Stack> {
  return startStack({ ports: portsFromFirebaseJson(offset), dataDir, quiet: true, ...options });
}

/**
 * A call to the stack's /api through its front. `from` is the loopback address the call leaves
 * from (any of 127.0.0.0/8): the API counts per-address limits by it, as it would separate
 * people on different networks.
 */
export function api(
  stack: Stack,
  route: string,
  init: { method?: string; body?: unknown; token?: string; from?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${stack.url}/api${route}`,
      {
        method: init.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers: {
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        },
        localAddress: init.from,
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('error', reject);
        res.on('end', () => {
          let body: Record<string, unknown> = {};
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            body = { text };
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${route} did not answer within 30 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export async function signIn(stack: Stack, email: string, password: string): Promise<string> {
  const res = await api(stack, '/auth/login', { body: { email, password } });
  if (res.status !== 200)
    throw new Error(`Sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** Stops the stack as a crash of the whole machine would: every process killed at once. */
export async function crash(stack: Stack): Promise<void> {
  for (const pid of Object.values(stack.pids())) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  // Nothing is left to stop gracefully; this ends the restarts and the in-process servers.
  await stack.stop();
}

/**
 * A stack on `dataDir` with the demo company seeded (and marked so, as `npm start` leaves it), this
 * process's Admin SDK pointed at it, the scheduled jobs supervised when `jobs`; and the demo
 * admin's session.
 */
export async function seededStackAt(
  offset: number,
  dataDir: string,
  { jobs }: { jobs: boolean },
): Promise<{ stack: Stack; adminToken: string }> {
  const stack = await stackAt(offset, dataDir);
  Object.assign(process.env, stack.env);
  await seedDemoCompany();
  writeFileSync(seededMarker(dataDir), 'seeded\n');
  if (jobs) await stack.superviseJobs('Asia/Kolkata');
  const admin = demoAccounts().find((a) => a.role === 'admin')!;
  return { stack, adminToken: await signIn(stack, admin.email, admin.password) };
}

/** SIGKILLs the stack's process `name` and waits for the supervisor to start it again. */
export async function killAndWait(stack: Stack, name: string): Promise<void> {
  const pid = stack.pids()[name];
  if (!(pid > 0)) throw new Error(`No ${name} process to kill`);
  process.kill(pid, 'SIGKILL');
  await until(`${name} restarted`, () => (stack.pids()[name] ?? pid) !== pid);
}
