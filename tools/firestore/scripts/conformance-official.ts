/**
 * Runs the conformance suite against the OFFICIAL Firestore emulator, proving that the
 * embedded server and it agree. Where the emulator is not installed it says so and exits 0:
 * there is nothing to compare against.
 */
import { spawnSync } from 'node:child_process';
import { OFFICIAL_EMULATOR_BINARY, startOfficialEmulator } from './official-emulator.ts';

const emulator = await startOfficialEmulator();
if (!emulator) {
  console.log(
    `No official Firestore emulator at ${OFFICIAL_EMULATOR_BINARY}: the comparison run is not possible here.`,
  );
  process.exit(0);
}
console.log(
  `Official Firestore emulator on ${emulator.host}; running the conformance suite against it.`,
);
const run = spawnSync('npx', ['vitest', 'run'], {
  stdio: 'inherit',
  env: { ...process.env, FIRESTORE_EMULATOR_HOST: emulator.host },
});
emulator.stop();
process.exit(run.status ?? 1);
