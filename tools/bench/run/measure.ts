// Runs each call repeatedly against one loaded size and keeps, per run, its latency, the
// documents the embedded Firestore billed for it, the Firestore process's own CPU time (its
// scans: the real Firestore reads an index instead) and the functions worker's peak memory.
import type { FirestoreControl } from '../scale/load.ts';
import type { BenchCall, CallContext } from './calls.ts';
import { cpuMs, sampleMemory } from './proc.ts';

export interface Run {
  ms: number;
  reads: number;
  writes: number;
  firestoreCpuMs: number;
  /** The peak resident memory of the api instance whose memory grew most in the call (memory calls only). */
  peakMb?: number;
  /** How much of it the call added to what that instance held before. */
  growthMb?: number;
  /** Why the call failed (its time still counts: a timeout is what the user waited). */
  error?: string;
}

export interface CallResult {
  call: BenchCall;
  runs: Run[];
}

export interface StackProcesses {
  firestorePid: number;
  /** The api's instances (functions-framework processes; they serve the requests). */
  functionsPids(): number[];
}

export async function measureCalls(
  calls: readonly BenchCall[],
  ctx: CallContext,
  control: FirestoreControl,
  processes: StackProcesses,
  log: (line: string) => void,
): Promise<CallResult[]> {
  const results: CallResult[] = [];
  for (const call of calls) {
    if (!call.noWarmUp)
      await call
        .run(ctx, -1)
        .catch((err: unknown) => log(`${call.name}: warm-up failed: ${message(err)}`));
    const runs: Run[] = [];
    for (let i = 0; i < call.runs; i++) {
      await control.resetCounters();
      const memory = call.memory ? sampleMemory(processes.functionsPids()) : undefined;
      const cpuBefore = cpuMs(processes.firestorePid);
      const started = performance.now();
      const error = await call.run(ctx, i).then(
        () => undefined,
        (err: unknown) => message(err),
      );
      const ms = performance.now() - started;
      if (error) log(`${call.name}: run ${i + 1} failed after ${Math.round(ms)} ms: ${error}`);
      const firestoreCpuMs = cpuMs(processes.firestorePid) - cpuBefore;
      const memoryPeak = memory?.stop();
      const counters = await control.counters();
      runs.push({
        ms,
        reads: counters.reads,
        writes: counters.writes + counters.deletes,
        firestoreCpuMs,
        peakMb: memoryPeak?.peakMb,
        growthMb: memoryPeak?.growthMb,
        error,
      });
    }
    results.push({ call, runs });
    const p50 = percentile(
      runs.map((r) => r.ms),
      50,
    );
    log(`${call.name}: p50 ${Math.round(p50)} ms, ${runs[0].reads} reads`);
  }
  return results;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
