import type { Step } from './steps.ts';

export type Outcome = 'passed' | 'failed' | 'skipped';

export interface Progress {
  running: readonly Step[];
  finished: ReadonlyMap<string, Outcome>;
}

/**
 * The steps to start now, in the list's order: those whose needs have passed, that fit in the
 * cores the running steps leave (a step always starts when nothing runs), and that share no
 * fixed ports with a running step. Steps whose needs failed are returned as `skip`.
 */
export function nextSteps(
  pending: readonly Step[],
  { running, finished }: Progress,
  cores: number,
): { start: Step[]; skip: Step[] } {
  const start: Step[] = [];
  const skip: Step[] = [];
  const active = [...running];
  let busy = active.reduce((sum, step) => sum + step.cores, 0);
  for (const step of pending) {
    const needs = step.needs ?? [];
    if (needs.some((need) => finished.has(need) && finished.get(need) !== 'passed')) {
      skip.push(step);
      continue;
    }
    if (!needs.every((need) => finished.get(need) === 'passed')) continue;
    if (active.length > 0 && busy + step.cores > cores) continue;
    if (step.ports && active.some((other) => other.ports === step.ports)) continue;
    start.push(step);
    active.push(step);
    busy += step.cores;
  }
  return { start, skip };
}
