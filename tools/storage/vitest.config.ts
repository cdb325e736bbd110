import { defineConfig } from 'vitest/config';

// The local Cloud Storage server through the real client (@google-cloud/storage, as
// firebase-admin gives it), and its durability under kill -9.
export default defineConfig({
  test: {
    name: 'storage',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // No metadata server here: stop the Google libraries from looking for one.
    env: { METADATA_SERVER_DETECTION: 'none' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
