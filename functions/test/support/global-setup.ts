// API tests run against real backends: a Firestore server and the Firebase Auth emulator,
// started once for the run. Each test file resets them with `resetBackends()`. The Firestore
// server is the embedded one started here, unless FIRESTORE_EMULATOR_HOST already names a
// running server (for instance the official emulator, `npm run test:official`): then the tests
// use that one and leave it running.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedFirestore } from '../../../tools/firestore/src/index.ts';
import { startAuthEmulator } from '../../../tools/stack/auth-emulator.ts';
import { PROJECT_ID } from '../../../tools/stack/config.ts';

export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.FIRESTORE_EMULATOR_HOST;
  // With the project's index file: a query production would refuse for a missing index fails.
  const firestore = external
    ? undefined
    : await startEmbeddedFirestore({
        port: 0,
        indexes: path.join(__dirname, '../../../firestore.indexes.json'),
      });
  const auth = await startAuthEmulator();
  // Workers start after this and inherit the environment: the Admin SDK finds the emulators.
  Object.assign(process.env, {
    FIRESTORE_EMULATOR_HOST: firestore?.host ?? external,
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    GCLOUD_PROJECT: PROJECT_ID,
    METADATA_SERVER_DETECTION: 'none',
  });
  return async () => {
    await auth.stop();
    await firestore?.close();
  };
}
