// The stack's processes as Linux shows them in /proc: their resident memory and CPU time (what
// the bench reports as peak memory and Firestore time).
import { readdirSync, readFileSync } from 'node:fs';

/** Kernel clock ticks per second for /proc/<pid>/stat times (100 on Linux everywhere). */
const TICKS_PER_SECOND = 100;

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // The process has gone.
  }
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number): string[] | undefined {
  const stat = read(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** VmRSS and VmHWM (peak) of a process, in MB; zeros when it has gone. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = read(`/proc/${pid}/status`) ?? '';
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The ids of every process running now. */
export function runningPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** The process's parent's id; undefined when it has gone. */
export function parentPid(pid: number): number | undefined {
  const fields = statFields(pid);
  // ppid is field 4 of stat, 2 after the command name.
  return fields ? Number(fields[1]) : undefined;
}

/** CPU time (user + system) a process has used, in ms. */
export function cpuMs(pid: number): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The busiest process of a sampled set: its highest resident memory and its growth, in MB. */
export interface MemoryPeak {
  peakMb: number;
  growthMb: number;
}

/**
 * Samples the resident memory of `pids` every `everyMs` until stopped; `stop()` gives the
 * process that grew most (the worker that served the call): its peak and its growth.
 */
export function sampleMemory(pids: readonly number[], everyMs = 50): { stop(): MemoryPeak } {
  const before = new Map(pids.map((pid) => [pid, memoryMb(pid).rss]));
  const highest = new Map(before);
  const sample = () => {
    for (const pid of pids) highest.set(pid, Math.max(highest.get(pid) ?? 0, memoryMb(pid).rss));
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      let busiest: MemoryPeak = { peakMb: 0, growthMb: -Infinity };
      for (const pid of pids) {
        const growthMb = (highest.get(pid) ?? 0) - (before.get(pid) ?? 0);
        if (growthMb > busiest.growthMb) busiest = { peakMb: highest.get(pid) ?? 0, growthMb };
      }
      return busiest;
    },
  };
}
