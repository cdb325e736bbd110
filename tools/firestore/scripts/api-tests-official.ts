/**
 * `npm run test:official`: runs the functions' API tests (functions/test) against the OFFICIAL
 * Firestore emulator instead of the embedded one, then stops it. What passes and why the rest
 * differs: docs/official-emulator.md. Extra arguments go to vitest (a file, `-t name`).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OFFICIAL_EMULATOR_BINARY, startOfficialEmulator } from './official-emulator.ts';

const functionsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../functions',
);
// The official emulator answers the data-heavy tests several times slower than the embedded
// one: give each test more time than the suite's own 20 s.
const TEST_TIMEOUT_MS = 120_000;

const emulator = await startOfficialEmulator();
if (!emulator) {
  console.log(
    `No official Firestore emulator at ${OFFICIAL_EMULATOR_BINARY}: nothing to run against.`,
  );
  process.exit(0);
}
console.log(`Official Firestore emulator on ${emulator.host}; running the API tests against it.`);
const started = performance.now();
const tests = spawn(
  'npx',
  ['vitest', 'run', `--testTimeout=${TEST_TIMEOUT_MS}`, ...process.argv.slice(2)],
  {
    cwd: functionsDir,
    stdio: 'inherit',
    env: { ...process.env, FIRESTORE_EMULATOR_HOST: emulator.host },
  },
);
// The emulator runs in a process group of its own, which Ctrl-C does not reach: stop it here.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    tests.kill(signal);
    emulator.stop();
  });
}
const status = await new Promise<number>((resolve) =>
  tests.on('exit', (code) => resolve(code ?? 1)),
);
emulator.stop();
const minutes = (performance.now() - started) / 60_000;
console.log(`API tests against the official emulator took ${minutes.toFixed(1)} min.`);
process.exit(status);
