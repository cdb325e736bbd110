import { defineConfig } from 'vitest/config';

// Whole local stacks as real processes (ports 40 to 90 above firebase.json's, clear of
// npm start, the browser tests and the bench): kills, restarts, two stacks side by side.
export default defineConfig({
  test: {
    name: 'stack',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    environment: 'node',
    // No metadata server here: stop the Google libraries from looking for one.
    env: { METADATA_SERVER_DETECTION: 'none' },
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
