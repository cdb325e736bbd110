import type { Outcome } from './schedule.ts';

export interface StepResult {
  name: string;
  seconds: number;
  outcome: Outcome;
  /** Tests the step ran, when it is a test suite. */
  tests?: number;
  /** The tests (or files) a failed step reports as failed, as vitest names them. */
  failures?: string[];
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** The number of tests in a vitest run's summary line (`Tests  3 failed | 120 passed (123)`). */
export function testCount(output: string): number | undefined {
  const match = /^\s*Tests\s+.*\((\d+)\)\s*$/m.exec(output.replace(ANSI, ''));
  return match ? Number(match[1]) : undefined;
}

/** Most failed tests the summary names per step (the step's log has them all). */
const NAMED_FAILURES = 12;

/**
 * The tests a vitest run names as failed (its `FAIL file > suite > test` lines), so the end of
 * the run says what failed even when the step's own output scrolled far away.
 */
export function failedTests(output: string): string[] {
  const names = output
    .replace(ANSI, '')
    .split('\n')
    .map((line) => /^\s*FAIL\s+(.+?)\s*$/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
  return [...new Set(names)].slice(0, NAMED_FAILURES);
}

function duration(seconds: number): string {
  const whole = Math.round(seconds);
  return whole < 60
    ? `${whole} s`
    : `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

/**
 * Each step's time, tests and outcome, and the run's total: its wall time (steps overlap), with
 * the time of what ran before the gate (`--before`, npm ci on CI).
 */
export function formatSummary(results: readonly StepResult[], totalSeconds: number): string {
  const width = Math.max(...results.map((r) => r.name.length), 'total'.length);
  const rows = results.map(
    (r) =>
      `  ${r.name.padEnd(width)}  ${duration(r.seconds).padStart(11)}  ${
        r.tests === undefined ? '' : `${r.tests} tests`.padStart(11)
      }${r.outcome === 'passed' ? '' : `  ${r.outcome.toUpperCase()}`}`,
  );
  const tests = results.reduce((sum, r) => sum + (r.tests ?? 0), 0);
  const notPassed = results.reduce((sum, r) => sum + (r.outcome === 'passed' ? 0 : 1), 0);
  const failures = results.flatMap((r) => (r.failures ?? []).map((name) => `  ${r.name}: ${name}`));
  return [
    '',
    'gate: step times',
    ...rows,
    `  ${'total'.padEnd(width)}  ${duration(totalSeconds).padStart(11)}  ${`${tests} tests`.padStart(11)}${
      notPassed === 0 ? '' : `  ${notPassed} step(s) not passed`
    }`,
    ...(failures.length > 0 ? ['', 'gate: failed tests', ...failures] : []),
  ].join('\n');
}
