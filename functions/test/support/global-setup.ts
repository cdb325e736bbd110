// API tests run against real backends: a Firestore server, the Firebase Auth emulator and the
// local Cloud Storage server (tools/storage, which the production file store reaches through
// FIREBASE_STORAGE_EMULATOR_HOST), started once for the run. Each test file resets them with `resetBackends()`. The Firestore
// server is the embedded one started here, unless FIRESTORE_EMULATOR_HOST already names a
// running server (for instance the official emulator, `npm run test:official`): then the tests
// use that one and leave it running.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedFirestore } from '../../../tools/firestore/src/index.ts';
import { startAuthEmulator } from '../../../tools/stack/auth-emulator.ts';
import { PROJECT_ID } from '../../../tools/stack/config.ts';
import { startStorageServer } from '../../../tools/storage/src/index.ts';

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
  const storage = await startStorageServer({ port: 0 });
  // Workers start after this and inherit the environment: the Admin SDK finds the emulators.
  Object.assign(process.env, {
    FIRESTORE_EMULATOR_HOST: firestore?.host ?? external,
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    FIREBASE_STORAGE_EMULATOR_HOST: storage.host,
    // What the Cloud Functions runtime sets: initializeApp() takes the default bucket from it.
    FIREBASE_CONFIG: JSON.stringify({
      projectId: PROJECT_ID,
      storageBucket: `${PROJECT_ID}.appspot.com`,
    }),
    GCLOUD_PROJECT: PROJECT_ID,
    METADATA_SERVER_DETECTION: 'none',
  });
  return async () => {
    await storage.close();
    await auth.stop();
    await firestore?.close();
  };
}
