import { configDefaults, defineConfig } from 'vitest/config';

/** Files run by vitest.own-process.config.mts, each in a process of its own. */
export const OWN_PROCESS = [
  'test/http/runtime-bodies.test.ts',
  'test/http/runtime-json.test.ts',
  'test/http/slow-bodies.test.ts',
  'test/http/cross-site.test.ts',
  'test/http/outside-request-domain.test.ts',
  'test/customers/largest-import.test.ts',
  'test/broadcasts/sending.test.ts',
  // They point FIRESTORE_EMULATOR_HOST or FIREBASE_AUTH_EMULATOR_HOST at a server of their own
  // and need the Admin SDK's clients made after that: in a shared process, work an earlier file
  // left running can make them first (lost-commit-answer's proxy then saw no commit).
  'test/http/lost-commit-answer.test.ts',
  'test/http/database-hangs.test.ts',
  'test/http/backends-down.test.ts',
  'test/http/database-back.test.ts',
  'test/inbound/callback-refusals.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...OWN_PROCESS],
    restoreMocks: true,
    globalSetup: ['test/support/global-setup.ts'],
    // Files share the emulators and reset them: one file at a time.
    fileParallelism: false,
    // One worker runs the files one after another, node_modules loaded once; what a file sets up
    // is undone after it (test/support/file-isolation.ts). The files in OWN_PROCESS cannot share
    // a process: vitest.own-process.config.mts runs them.
    isolate: false,
    setupFiles: ['test/support/file-isolation.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
