// The quick loop's server tests (npm run test:quick): the ones that call no route and keep no
// data, so they take seconds. The full suite (vitest.config.mts) stays the gate.
import { defineConfig } from 'vitest/config';
import full from './vitest.config.mts';

export default defineConfig({
  ...full,
  test: {
    ...full.test,
    include: [
      'test/architecture/**/*.test.ts',
      'test/**/units.test.ts',
      'test/http/route-table.test.ts',
      'test/entries/indexes.test.ts',
      'test/jobs/**/*.test.ts',
      'test/config.test.ts',
      'test/integrations/**/*.test.ts',
      'test/storage/**/*.test.ts',
      'test/features/view-fields.test.ts',
    ],
  },
});
