import path from 'node:path';
import { PROJECT_ID, ROOT, writeFirebaseConfig } from './config.ts';
import { freePort } from './ports.ts';
import { startChild, stopChild } from './processes.ts';

/**
 * The Firebase Auth emulator alone, on free ports, for API tests: `host` is the value for
 * FIREBASE_AUTH_EMULATOR_HOST.
 */
export async function startAuthEmulator(
  quiet = true,
): Promise<{ host: string; stop(): Promise<void> }> {
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const unused = 0;
  const config = writeFirebaseConfig(
    { auth, hub, logging, hosting: unused, functions: unused, firestore: unused, storage: unused },
    `.firebase.auth-${auth}.json`,
  );
  const child = startChild(
    'auth',
    path.join(ROOT, 'node_modules/.bin/firebase'),
    ['emulators:start', '--config', config, '--project', PROJECT_ID, '--only', 'auth'],
    { cwd: ROOT, readyWhen: /All emulators ready/, quiet },
  );
  try {
    await child.ready;
  } finally {
    (await import('node:fs')).rmSync(config, { force: true });
  }
  return { host: `127.0.0.1:${auth}`, stop: () => stopChild(child, 'SIGTERM', 10_000) };
}
