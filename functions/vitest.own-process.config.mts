// The server tests that need a process of their own, one per file (vitest's default isolation):
// those that load the Cloud Functions runtime (functions-framework keeps its app and handlers in
// node_modules, for the process's life), measure the process's memory, time a send's pace, or
// point the Admin SDK at servers of their own.
// The other files share one worker (vitest.config.mts).
import { defineConfig } from 'vitest/config';
import full, { OWN_PROCESS } from './vitest.config.mts';

export default defineConfig({
  ...full,
  test: {
    ...full.test,
    include: OWN_PROCESS,
    exclude: [],
    isolate: true,
    setupFiles: [],
  },
});
