// Where the machine's CPU went over a stretch of work: each of the stack's processes (with the
// processes it started), the bench's own (which plays the team), and what the cores had left.
// A round that ran slower then tells apart a process that took more from a machine that gave
// less: on these 2 cores a neighbour's load shows as a slower process, not as idle time.
import os from 'node:os';
import { cpuMs, parentPid, runningPids } from './proc.ts';

export interface CpuShares {
  wallMs: number;
  /** CPU ms each process (with its descendants) used, by the stack's name; `bench` is ours. */
  byProcess: Record<string, number>;
  /** CPU ms the cores did not use: 2 cores for a second are 2,000 ms. */
  idleMs: number;
}

/** Every running process's CPU ms, with its descendants', by pid. */
function treeCpu(): Map<number, number> {
  const pids = runningPids();
  const own = new Map(pids.map((pid) => [pid, cpuMs(pid)]));
  const parent = new Map(pids.map((pid) => [pid, parentPid(pid)]));
  const tree = new Map(own);
  for (const pid of pids)
    for (let up = parent.get(pid); up !== undefined && up > 1; up = parent.get(up))
      tree.set(up, (tree.get(up) ?? 0) + (own.get(pid) ?? 0));
  return tree;
}

/** CPU ms the machine's cores were idle since boot (/proc/stat's idle). */
function idleCpuMs(): number {
  return os.cpus().reduce((sum, cpu) => sum + cpu.times.idle, 0);
}

function reading(pids: Record<string, number>) {
  const tree = treeCpu();
  const byName = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, { pid, ms: tree.get(pid) ?? 0 }]),
  );
  const self = process.cpuUsage();
  return { byName, benchMs: (self.user + self.system) / 1000, idleMs: idleCpuMs() };
}

/**
 * Runs `work` and answers its result with the CPU each process used meanwhile. A process that
 * restarted meanwhile (another pid at the end) is left out: its first life's share is lost.
 */
export async function measuringCpu<T>(
  pids: () => Record<string, number>,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: CpuShares }> {
  const before = reading(pids());
  const started = performance.now();
  const result = await work();
  const wallMs = performance.now() - started;
  const after = reading(pids());
  const byProcess: Record<string, number> = { bench: after.benchMs - before.benchMs };
  for (const [name, { pid, ms }] of Object.entries(after.byName)) {
    const first = before.byName[name];
    if (first?.pid === pid) byProcess[name] = ms - first.ms;
  }
  return { result, cpu: { wallMs, byProcess, idleMs: after.idleMs - before.idleMs } };
}

/**
 * A table of each process's share, in % of one core (200 % is both cores), one column per
 * measured stretch; the idle row is what the cores had left.
 */
export function cpuSharesTable(
  columns: [label: string, shares: CpuShares | undefined][],
): string[] {
  const names = [...new Set(columns.flatMap(([, c]) => Object.keys(c?.byProcess ?? {})))].sort();
  const share = (ms: number | undefined, c: CpuShares | undefined) =>
    ms === undefined || !c ? '–' : `${Math.round((ms / c.wallMs) * 100)} %`;
  const row = (label: string, pick: (c: CpuShares) => number | undefined) =>
    `| ${label} | ${columns.map(([, c]) => share(c && pick(c), c)).join(' | ')} |`;
  return [
    `| CPU, % of one core | ${columns.map(([label]) => label).join(' | ')} |`,
    `|---|${columns.map(() => '---:').join('|')}|`,
    `| over | ${columns.map(([, c]) => (c ? `${(c.wallMs / 1000).toFixed(1)} s` : '–')).join(' | ')} |`,
    ...names.map((name) => row(name, (c) => c.byProcess[name])),
    row('idle', (c) => c.idleMs),
    '',
  ];
}
