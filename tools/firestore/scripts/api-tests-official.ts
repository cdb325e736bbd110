/**
 * `npm run test:official`: runs the functions' API tests (functions/test) against the OFFICIAL
 * Firestore emulator instead of the embedded one, then stops it. What passes and why the rest
 * differs: docs/official-emulator.md. Extra arguments go to vitest (a file, `-t name`).
 */
import { spawnSync } from 'node:child_process';
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
const run = spawnSync(
  'npx',
  ['vitest', 'run', `--testTimeout=${TEST_TIMEOUT_MS}`, ...process.argv.slice(2)],
  {
    cwd: functionsDir,
    stdio: 'inherit',
    env: { ...process.env, FIRESTORE_EMULATOR_HOST: emulator.host },
  },
);
emulator.stop();
console.log(
  `API tests against the official emulator took ${Math.round((performance.now() - started) / 60_000)} min.`,
);
process.exit(run.status ?? 1);
