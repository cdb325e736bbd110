// The gate's steps: what `npm test` runs (every step) and `npm run test:quick` (the quick ones).
//
// The runner starts steps in this order as room allows. `cores` is how many cores a step keeps
// busy on average (its CPU time over its wall time: docs/decisions/gate.md); a step starts while
// the running ones leave it room. `ports` names the fixed ports a step listens on, so two steps
// that share them never overlap (suites on free ports need none). Each vitest suite's own
// include pattern picks up new test files; a new suite (a new vitest config) needs a step here,
// and the runner refuses to start while a config in the repository has none.

export type Run = 'full' | 'quick';

export interface Step {
  name: string;
  /** The command, run from the repository's root. */
  command: string[];
  /** Steps that must have passed first. */
  needs?: string[];
  cores: number;
  /** The cores counted in the quick run, when they differ from the full run's. */
  quickCores?: number;
  /** Fixed ports it listens on (a label: steps with the same label never run together). */
  ports?: string;
  /** Which runs it is part of: `npm test` (full), `npm run test:quick` (quick). */
  runs: Run[];
  /** The vitest config it runs, checked against the configs in the repository. */
  vitestConfig?: string;
}

const npm = (...args: string[]) => ['npm', ...args];
const both: Run[] = ['full', 'quick'];
const full: Run[] = ['full'];

/**
 * The browser suite runs in two shards side by side, each on a stack of its own
 * (e2e/sequencer.ts balances them, e2e/global-setup.ts gives each its ports).
 */
const BROWSER_SHARDS = 2;
const browserShard = (index: number): Step => ({
  name: `browser ${index}/${BROWSER_SHARDS}`,
  command: npm('run', 'test:e2e', '--', `--shard=${index}/${BROWSER_SHARDS}`),
  vitestConfig: 'e2e/vitest.config.ts',
  needs: ['build'],
  // About 0.6 each: the suite's CPU over its wall time (docs/decisions/gate.md).
  cores: 0.6,
  runs: full,
  ports: `browser tests (offset +${10 + 200 * (index - 1)})`,
});

export const STEPS: Step[] = [
  {
    name: 'build',
    command: ['npx', 'tsx', 'tools/gate/build.ts'],
    cores: 1,
    runs: full,
  },
  { name: 'lint', command: npm('run', 'lint'), cores: 1, runs: both },
  { name: 'typecheck', command: npm('run', 'typecheck'), cores: 1, runs: both },
  browserShard(1),
  {
    name: 'functions',
    command: npm('run', 'test:shared', '-w', 'functions'),
    vitestConfig: 'functions/vitest.config.mts',
    cores: 1,
    runs: full,
  },
  browserShard(2),
  {
    name: 'stack',
    command: npm('run', 'test:stack'),
    vitestConfig: 'tools/stack/vitest.config.ts',
    needs: ['build'],
    cores: 0.4,
    runs: full,
    ports: 'stack tests (offset +40 to +90)',
  },
  {
    name: 'firestore',
    command: npm('run', 'test:firestore'),
    vitestConfig: 'tools/firestore/vitest.config.ts',
    // About one core: refused queries do not wait on the client's retries (docs/decisions/gate.md).
    cores: 1,
    runs: full,
  },
  {
    name: 'functions (quick)',
    command: npm('run', 'test:quick', '-w', 'functions'),
    vitestConfig: 'functions/vitest.quick.config.mts',
    cores: 1,
    runs: ['quick'],
  },
  {
    name: 'functions (own process)',
    command: npm('run', 'test:own-process', '-w', 'functions'),
    vitestConfig: 'functions/vitest.own-process.config.mts',
    cores: 1,
    runs: full,
  },
  {
    name: 'web',
    command: npm('test', '-w', 'web'),
    vitestConfig: 'web/vite.config.ts',
    // Two workers, each running its share of the files one after another (isolate: false). They
    // keep about 0.9 cores busy (quiet, alone: 62 CPU s over 68 s wall; docs/decisions/gate.md),
    // which the quick run counts, so they start beside the last server tests there. The full run
    // counts 2, so they never start beside the timing-bound stack and browser suites.
    cores: 2,
    quickCores: 0.9,
    runs: both,
  },
  {
    name: 'gate',
    command: npm('run', 'test:gate'),
    vitestConfig: 'tools/gate/vitest.config.ts',
    cores: 0.5,
    runs: both,
  },
  {
    name: 'storage',
    command: npm('run', 'test:storage'),
    vitestConfig: 'tools/storage/vitest.config.ts',
    cores: 0.5,
    runs: full,
  },
  {
    name: 'deploy',
    command: npm('run', 'test:deploy'),
    vitestConfig: 'tools/deploy/vitest.config.ts',
    needs: ['build'],
    cores: 0.5,
    runs: full,
  },
];

/** The steps of `run`, in order, each with the cores that run counts for it. */
export function stepsOf(run: Run): Step[] {
  return STEPS.filter((step) => step.runs.includes(run)).map((step) =>
    run === 'quick' && step.quickCores !== undefined ? { ...step, cores: step.quickCores } : step,
  );
}
