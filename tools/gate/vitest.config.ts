import { defineConfig } from 'vitest/config';

// The gate's own scheduling and report, without running any step.
export default defineConfig({
  test: {
    name: 'gate',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
