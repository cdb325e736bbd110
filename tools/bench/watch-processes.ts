/**
 * `npx tsx tools/bench/watch-processes.ts > file`: beside a bench or `npm start`, each second a
 * line of every process that used at least 5 % of one core in it: its role (from its command
 * line), pid, CPU % and resident MB. A stall shows as the engine alone at 150–200 % while the
 * api's instances and the outbox fall silent: a full collection of its heap (docs/benchmarks.md,
 * the runs of session 49). Stops with Ctrl-C.
 */
import { readFileSync } from 'node:fs';
import { cpuMs, memoryMb, runningPids } from './run/proc.ts';

const EVERY_MS = 1_000;
const BUSY_PERCENT = 5;
/** The stack's processes by what their command line holds, first match wins. */
const ROLES: [role: string, holds: string][] = [
  ['engine', 'tools/firestore/src/cli'],
  ['api', 'functions-framework'],
  ['jobs', 'jobs'],
  ['outbox', 'outbox'],
  ['firebase', 'firebase'],
  ['bench', 'bench.ts'],
];

function role(pid: number): string {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return ROLES.find(([, holds]) => command.includes(holds))?.[0] ?? command.slice(0, 30);
  } catch {
    return '?'; // It has gone.
  }
}

const lastMs = new Map<number, number>();
setInterval(() => {
  const busy: string[] = [];
  for (const pid of runningPids()) {
    const ms = cpuMs(pid);
    const percent = ((ms - (lastMs.get(pid) ?? ms)) / EVERY_MS) * 100;
    lastMs.set(pid, ms);
    if (percent >= BUSY_PERCENT)
      busy.push(`${role(pid)}:${pid}:${Math.round(percent)}%:${Math.round(memoryMb(pid).rss)}M`);
  }
  console.log(new Date().toISOString().slice(11, 19), busy.join(' '));
}, EVERY_MS);
