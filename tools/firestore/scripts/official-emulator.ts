/**
 * Starts the OFFICIAL Firestore emulator: the gcloud component's launcher
 * (`google-cloud-cli-firestore-emulator`, runs on Java 17), or OFFICIAL_FIRESTORE_EMULATOR,
 * on a free port of 127.0.0.1. firebase-tools refuses any Java before 21, so it is started
 * directly, as the stack starts the embedded engine.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

export const OFFICIAL_EMULATOR_BINARY =
  process.env.OFFICIAL_FIRESTORE_EMULATOR ??
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';

const START_TIMEOUT_MS = 120_000;

export interface OfficialEmulator {
  /** host:port, the value for FIRESTORE_EMULATOR_HOST */
  host: string;
  stop(): void;
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

/** Undefined when the emulator is not installed here. */
export async function startOfficialEmulator(): Promise<OfficialEmulator | undefined> {
  if (!existsSync(OFFICIAL_EMULATOR_BINARY)) return undefined;
  const port = await freePort();
  // Its own process group: the launcher starts Java as a child, and stop() ends both.
  const emulator = spawn(
    OFFICIAL_EMULATOR_BINARY,
    ['start', '--host=127.0.0.1', `--port=${port}`],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
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
      if (/is now running/.test(String(chunk))) {
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
