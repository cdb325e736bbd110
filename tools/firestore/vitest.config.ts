import { defineConfig } from 'vitest/config';

// The conformance suite talks to whatever FIRESTORE_EMULATOR_HOST names (for instance the
// official emulator); when it is unset, test/global-setup.ts starts the embedded server.
// Every test resets the whole database of one project, so test files must not run in parallel.
export default defineConfig({
  test: {
    environment: 'node',
    // No metadata server here: stop the Google libraries from looking for one.
    env: { METADATA_SERVER_DETECTION: 'none' },
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
