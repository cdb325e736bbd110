// Each test file starts as it would in a process of its own, in a worker that runs file after
// file (`isolate: false` in vitest.config.mts): what one file set up is undone after it.
//
// A new process per file loaded the Admin SDK, gRPC and the rest of node_modules again for
// every file, about as much CPU as the tests themselves; here node_modules stay loaded, and
// after each file:
// - the project's own modules are evaluated again for the next file (vi.resetModules: their
//   module-level state, and any module that was given another file's vi.mock, start fresh;
//   vi.mock registrations are kept per file by vitest already);
// - the Admin SDK's apps are deleted, so the next file's first getDb() or getAuth() makes new
//   clients that read FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST as they are then
//   (a file may point them at a hanging or failing server);
// - the environment variables are put back as the file found them (files point
//   FIRESTORE_EMULATOR_HOST at servers of their own, or set LOCAL_STACK), globals stubbed with
//   vi.stubGlobal are put back, and real timers are restored.
import { deleteApp, getApps } from 'firebase-admin/app';
import { afterAll, vi } from 'vitest';

const envAtStart = { ...process.env };

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const name of Object.keys(process.env)) if (!(name in envAtStart)) delete process.env[name];
  Object.assign(process.env, envAtStart);
  await Promise.all(getApps().map((app) => deleteApp(app)));
  vi.resetModules();
});
