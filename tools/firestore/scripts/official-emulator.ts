/**
 * The OFFICIAL Firestore emulator: the gcloud component's launcher
 * (`google-cloud-cli-firestore-emulator`, runs on Java 17), or OFFICIAL_FIRESTORE_EMULATOR.
 * firebase-tools refuses any Java before 21, so it is started directly, as the stack starts
 * the embedded engine: by `npm run test:official` and the conformance script on a free port,
 * and by `npm start -- --official` (tools/stack/stack.ts) on the stack's Firestore port.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const OFFICIAL_EMULATOR_BINARY =
  process.env.OFFICIAL_FIRESTORE_EMULATOR ??
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';

/** The line the launcher prints once it serves. */
export const OFFICIAL_EMULATOR_READY = /is now running/;

const START_TIMEOUT_MS = 120_000;

export interface OfficialEmulator {
  /** host:port, the value for FIRESTORE_EMULATOR_HOST */
  host: string;
  stop(): void;
}

/** The launcher's arguments; with `importFrom`, it starts with that export's documents. */
export function officialEmulatorArgs(
  host: string,
  port: number,
  project?: string,
  importFrom?: string,
): string[] {
  const args = ['start', `--host=${host}`, `--port=${port}`];
  if (project) args.push(`--project_id=${project}`);
  if (importFrom) args.push(`--import-data=${importFrom}`);
  return args;
}

const EXPORT_NAME = 'firestore_export';

/** The metadata file of the export kept in `dir`, if there is one. */
export function officialExportIn(dir: string): string | undefined {
  const metadata = path.join(dir, EXPORT_NAME, `${EXPORT_NAME}.overall_export_metadata`);
  return existsSync(metadata) ? metadata : undefined;
}

/**
 * Saves every document of the running emulator into `dir`, replacing what was there only
 * once the new export is whole. The launcher's own --export-on-exit fails in this version
 * ('Database name "projects/…/databases/" has invalid trailing "/"'), so the stack asks for an
 * export through the emulator's API before it stops it, as firebase-tools does.
 */
export async function exportOfficial(host: string, project: string, dir: string): Promise<void> {
  const next = `${dir}.next`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  const res = await fetch(`http://${host}/emulator/v1/projects/${project}:export`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      database: `projects/${project}/databases/(default)`,
      export_directory: next,
      export_name: EXPORT_NAME,
    }),
  });
  if (!res.ok) throw new Error(`The official emulator's export failed: ${await res.text()}`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(next, dir);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** On a free port, with no data. Undefined when the emulator is not installed here. */
export async function startOfficialEmulator(): Promise<OfficialEmulator | undefined> {
  if (!existsSync(OFFICIAL_EMULATOR_BINARY)) return undefined;
  const port = await freePort();
  // Its own process group: the launcher starts Java as a child, and stop() ends both.
  const emulator = spawn(OFFICIAL_EMULATOR_BINARY, officialEmulatorArgs('127.0.0.1', port), {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-emulator.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`The official emulator did not start in ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      if (OFFICIAL_EMULATOR_READY.test(String(chunk))) {
        clearTimeout(timer);
        resolve();
      }
    };
    emulator.stdout!.on('data', onData);
    emulator.stderr!.on('data', onData);
    emulator.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The official emulator exited (${code})`));
    });
  });
  // Its log is not needed once it runs; reading on keeps its pipes from filling up.
  emulator.stdout!.resume();
  emulator.stderr!.resume();
  return { host: `127.0.0.1:${port}`, stop };
}
