import { defineConfig } from 'vitest/config';

// What `firebase deploy` would create, checked offline: the functions' manifest as the Firebase
// CLI discovers it, the index file through the CLI's own parser, and the security rules on the
// official Firestore emulator.
export default defineConfig({
  test: {
    name: 'deploy',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    env: { METADATA_SERVER_DETECTION: 'none' },
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
