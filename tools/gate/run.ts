// The gate: `npm test` runs every step, `npm run test:quick` the quick ones, side by side as the
// cores allow (tools/gate/steps.ts), each step's output in .gate/<step>.log, shown when it
// fails. At the end it prints each step's time and test count.
//
//   tsx tools/gate/run.ts [--quick] [--only step,step] [--before "npm ci=28"]
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHARED_BUILD_ENV } from '../stack/build.ts';
import { ROOT } from '../stack/config.ts';
import { failedTests, formatSummary, testCount, type StepResult } from './report.ts';
import { nextSteps, type Outcome } from './schedule.ts';
import { STEPS, stepsOf, type Run, type Step } from './steps.ts';
import { unrunConfigs } from './suites.ts';

const LOG_DIR = path.join(ROOT, '.gate');
/** Lines of a failed step's output shown in the terminal (the whole of it is in its log). */
const FAILED_TAIL_LINES = 200;

interface Options {
  run: Run;
  only?: string[];
  before: StepResult[];
}

function parseArgs(args: string[]): Options {
  const options: Options = { run: 'full', before: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--quick') options.run = 'quick';
    else if (arg === '--only') options.only = (args[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--before') {
      const [name, seconds] = (args[++i] ?? '').split('=');
      options.before.push({ name, seconds: Number(seconds), outcome: 'passed' });
    } else
      throw new Error(
        `Unknown argument ${arg}: use --quick, --only a,b or --before "name=seconds"`,
      );
  }
  return options;
}

/** The steps of the run, with the steps they need (`--only stack` builds first). */
function selectSteps({ run, only }: Options): Step[] {
  const ofRun = stepsOf(run);
  if (!only) return ofRun;
  const unknown = only.filter((name) => !ofRun.some((step) => step.name === name));
  if (unknown.length > 0) {
    const names = ofRun.map((step) => step.name).join(', ');
    throw new Error(`No step ${unknown.join(', ')} in this run; its steps: ${names}`);
  }
  const wanted = new Set<string>();
  const add = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const need of ofRun.find((step) => step.name === name)?.needs ?? []) add(need);
  };
  only.forEach(add);
  return ofRun.filter((step) => wanted.has(step.name));
}

function logFile(step: Step): string {
  return path.join(LOG_DIR, `${step.name.replace(/[^a-z0-9]+/gi, '-')}.log`);
}

const children = new Set<number>();

function runStep(step: Step, env: NodeJS.ProcessEnv): Promise<{ ok: boolean; output: string }> {
  const file = logFile(step);
  const log = createWriteStream(file);
  const [command, ...args] = step.command;
  // Its own process group, so an interrupted gate stops the step's whole tree.
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child.pid!);
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return new Promise((resolve) => {
    child.once('close', (code) => {
      children.delete(child.pid!);
      log.end(() => resolve({ ok: code === 0, output: readFileSync(file, 'utf8') }));
    });
  });
}

function stopChildren(): void {
  for (const pid of children) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

const seconds = (from: number) => (performance.now() - from) / 1000;

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const unrun = unrunConfigs(STEPS);
  if (unrun.length > 0) {
    console.error(
      `These vitest configs are in no gate step (tools/gate/steps.ts): ${unrun.join(', ')}`,
    );
    return 1;
  }
  const steps = selectSteps(options);
  const cores = Number(process.env.GATE_CORES) || os.availableParallelism();
  mkdirSync(LOG_DIR, { recursive: true });
  // Once the build step has passed, the suites use its build (tools/stack/build.ts).
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (steps.some((step) => step.name === 'build')) env[SHARED_BUILD_ENV] = '1';

  console.log(`gate: ${steps.map((s) => s.name).join(', ')} on ${cores} cores; logs in .gate/`);
  const started = performance.now();
  const pending = [...steps];
  const running = new Map<Step, Promise<void>>();
  const finished = new Map<string, Outcome>();
  const results: StepResult[] = [...options.before];

  const finish = (step: Step, outcome: Outcome, from: number, output = '') => {
    finished.set(step.name, outcome);
    const result: StepResult = {
      name: step.name,
      seconds: seconds(from),
      outcome,
      tests: testCount(output),
      failures: outcome === 'failed' ? failedTests(output) : undefined,
    };
    results.push(result);
    const tests = result.tests === undefined ? '' : `, ${result.tests} tests`;
    console.log(`gate: ${step.name} ${outcome} (${Math.round(result.seconds)} s${tests})`);
    if (outcome === 'failed') {
      const lines = output.trimEnd().split('\n');
      console.log(lines.slice(-FAILED_TAIL_LINES).join('\n'));
      console.log(`gate: ${step.name}'s whole output: ${path.relative(ROOT, logFile(step))}`);
    }
  };

  process.once('SIGINT', () => {
    stopChildren();
    process.exit(130);
  });
  process.once('SIGTERM', () => {
    stopChildren();
    process.exit(143);
  });

  while (pending.length > 0 || running.size > 0) {
    const { start, skip } = nextSteps(pending, { running: [...running.keys()], finished }, cores);
    for (const step of skip) {
      pending.splice(pending.indexOf(step), 1);
      finish(step, 'skipped', performance.now());
    }
    for (const step of start) {
      pending.splice(pending.indexOf(step), 1);
      const from = performance.now();
      console.log(`gate: ${step.name} started`);
      running.set(
        step,
        runStep(step, env).then(({ ok, output }) => {
          running.delete(step);
          finish(step, ok ? 'passed' : 'failed', from, output);
        }),
      );
    }
    if (running.size > 0) await Promise.race(running.values());
    else if (skip.length === 0 && start.length === 0) break;
  }

  const beforeSeconds = options.before.reduce((sum, r) => sum + r.seconds, 0);
  console.log(formatSummary(results, beforeSeconds + seconds(started)));
  return results.every((r) => r.outcome === 'passed') ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    stopChildren();
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
