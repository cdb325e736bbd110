import { defineConfig } from 'vitest/config';
import DemoListsFirst from './sequencer.ts';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    sequence: { sequencer: DemoListsFirst },
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
