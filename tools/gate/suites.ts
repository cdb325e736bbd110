import { execFileSync } from 'node:child_process';
import { ROOT } from '../stack/config.ts';
import type { Step } from './steps.ts';

/** vitest.config.ts, vitest.quick.config.mts, vite.config.ts (web's tests): each a suite. */
const CONFIG = /(^|\/)vite(st)?(\.[\w-]+)?\.config\.m?[jt]s$/;

/** The repository's vitest configs (tracked or new, not ignored) that no gate step runs. */
export function unrunConfigs(steps: readonly Step[]): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).split('\n');
  const run = new Set(steps.map((step) => step.vitestConfig));
  return files.filter((file) => CONFIG.test(file) && !run.has(file));
}
