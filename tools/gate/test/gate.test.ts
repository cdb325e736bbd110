import { describe, expect, it } from 'vitest';
import { failedTests, formatSummary, testCount } from '../report.ts';
import { nextSteps, type Outcome } from '../schedule.ts';
import { STEPS, stepsOf, type Step } from '../steps.ts';
import { unrunConfigs } from '../suites.ts';

const step = (name: string, cores: number, extra: Partial<Step> = {}): Step => ({
  name,
  command: ['true'],
  cores,
  runs: ['full'],
  ...extra,
});

const names = (steps: Step[]) => steps.map((s) => s.name);

describe('nextSteps', () => {
  const none = { running: [], finished: new Map<string, Outcome>() };

  it('starts steps in order while they fit in the cores', () => {
    const pending = [step('a', 1), step('b', 2), step('c', 0.5), step('d', 0.5)];
    expect(names(nextSteps(pending, none, 2).start)).toEqual(['a', 'c', 'd']);
  });

  it('starts a step larger than the machine when nothing runs', () => {
    expect(names(nextSteps([step('web', 4)], none, 2).start)).toEqual(['web']);
  });

  it('waits for what a step needs, and skips it when that failed', () => {
    const pending = [step('browser', 1, { needs: ['build'] })];
    const building = { running: [step('build', 1)], finished: new Map<string, Outcome>() };
    expect(nextSteps(pending, building, 2)).toEqual({ start: [], skip: [] });
    const failed = { running: [], finished: new Map<string, Outcome>([['build', 'failed']]) };
    expect(names(nextSteps(pending, failed, 2).skip)).toEqual(['browser']);
    const passed = { running: [], finished: new Map<string, Outcome>([['build', 'passed']]) };
    expect(names(nextSteps(pending, passed, 2).start)).toEqual(['browser']);
  });

  it('never runs two steps on the same fixed ports together', () => {
    const pending = [step('b', 0.5, { ports: 'stack' }), step('c', 0.5)];
    const running = { running: [step('a', 0.5, { ports: 'stack' })], finished: new Map() };
    expect(names(nextSteps(pending, running, 2).start)).toEqual(['c']);
  });
});

describe('the report', () => {
  it("reads vitest's test count, passed or not", () => {
    expect(testCount(' Test Files  1 passed (1)\n      Tests  6 passed | 60 skipped (66)\n')).toBe(
      66,
    );
    expect(testCount('\x1b[2m      Tests \x1b[22m \x1b[1m\x1b[32m12 passed\x1b[39m (12)')).toBe(12);
    expect(testCount('eslint: no problems')).toBeUndefined();
  });

  it('prints each step, and a total with what ran before the gate', () => {
    const summary = formatSummary(
      [
        { name: 'npm ci', seconds: 28, outcome: 'passed' },
        { name: 'functions', seconds: 190.4, outcome: 'failed', tests: 612 },
      ],
      618,
    );
    expect(summary).toContain('npm ci            28 s');
    expect(summary).toMatch(/functions\s+3 min 10 s\s+612 tests\s+FAILED/);
    expect(summary).toMatch(/total\s+10 min 18 s\s+612 tests\s+1 step\(s\) not passed/);
  });

  it('names the failed tests of a failed step at its end', () => {
    const output = [
      ' \x1b[31m❯\x1b[39m e2e console-layout.test.ts (10 tests | 1 failed)',
      '\x1b[41m\x1b[1m FAIL \x1b[22m\x1b[49m e2e console-layout.test.ts > at phone size > shows the screens',
      ' FAIL  stack test/two-stacks.test.ts > never mix their data',
      ' FAIL  stack test/two-stacks.test.ts > never mix their data',
    ].join('\n');
    expect(failedTests(output)).toEqual([
      'e2e console-layout.test.ts > at phone size > shows the screens',
      'stack test/two-stacks.test.ts > never mix their data',
    ]);
    const summary = formatSummary(
      [{ name: 'stack', seconds: 60, outcome: 'failed', failures: failedTests(output) }],
      60,
    );
    expect(summary).toContain(
      'gate: failed tests\n  stack: e2e console-layout.test.ts > at phone size',
    );
  });
});

describe('the steps', () => {
  it('run every vitest config of the repository', () => {
    expect(unrunConfigs(STEPS)).toEqual([]);
    expect(unrunConfigs([])).toContain('e2e/vitest.config.ts');
  });

  it('count the web tests at what they use in the quick run, and at two cores in the full one', () => {
    const web = (run: 'full' | 'quick') => stepsOf(run).find((s) => s.name === 'web')!;
    expect(web('quick').cores).toBe(0.9);
    expect(web('full').cores).toBe(2);
    expect(stepsOf('quick').map((s) => s.name)).toEqual([
      'lint',
      'typecheck',
      'functions (quick)',
      'web',
      'gate',
    ]);
    // Once lint and typecheck are done and the quick server tests run, the web tests start too.
    const quick = stepsOf('quick');
    const running = quick.filter((s) => s.name === 'functions (quick)');
    const finished = new Map<string, Outcome>([
      ['lint', 'passed'],
      ['typecheck', 'passed'],
    ]);
    const pending = quick.filter((s) => s.name === 'web' || s.name === 'gate');
    expect(nextSteps(pending, { running, finished }, 2).start.map((s) => s.name)).toEqual(['web']);
  });

  it('name only steps that exist as needs', () => {
    const all = new Set(STEPS.map((s) => s.name));
    expect(STEPS.flatMap((s) => s.needs ?? []).filter((need) => !all.has(need))).toEqual([]);
  });
});
