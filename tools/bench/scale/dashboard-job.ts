// The dashboard job run once after a load, in a child process so its memory is its own.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../stack/config.ts';

export interface RecomputeRun {
  ms: number;
  peakRssMb: number;
  entries: number;
}

/** Runs recompute.ts in a child process against the stack whose variables `env` holds. */
export async function runDashboardJob(env: Record<string, string>): Promise<RecomputeRun> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'tools/bench/scale/recompute.ts')],
    { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 1024 * 1024 },
  );
  const last = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as RecomputeRun;
}
