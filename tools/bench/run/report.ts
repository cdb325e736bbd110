// BENCHMARKS.md: the table of both sizes, the ratios, memory, the dashboard job, bundle sizes,
// the machine and the date, each target marked met or missed.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import type { ScaleSize } from '../scale/generate.ts';
import type { ScaleSeeded } from '../scale/seed.ts';
import type { BundleSizes } from './bundle.ts';
import { afterRestartSection, type AfterRestart } from './after-restart.ts';
import { broadcastSection } from './broadcasts-report.ts';
import type { BroadcastBench } from './broadcasts.ts';
import { paintSection, type PaintResult } from './dashboard-paint.ts';
import { phoneDaySection, type PhoneDayResult } from './phone-day.ts';
import { firstPageSection } from './first-page.ts';
import { teamSection, type TeamLoadResult } from './team-load.ts';
import { quotesSection, type QuoteRuns } from './quotes.ts';
import { percentile, type CallResult } from './measure.ts';
import { flatVerdicts, LOAD_MAX_MS, SIGN_IN_MAX_KB, verdict, type Verdict } from './targets.ts';

export interface SizeReport {
  size: ScaleSize;
  seeded: ScaleSeeded;
  results: CallResult[];
  /** The quotation rows (run/quotes.ts). */
  quotes?: QuoteRuns;
}

/** A size that could not be loaded or measured, and why. */
export interface FailedSize {
  size: ScaleSize;
  error: string;
}

export interface BenchReport {
  startedAt: Date;
  totalMs: number;
  small: SizeReport;
  large: SizeReport | FailedSize;
  bundles: BundleSizes;
  /** Teams of users at once (50, then 200), on the small size. */
  teams: TeamLoadResult[];
  /** The dashboard in a browser, per profile (phone, desktop). */
  paint: PaintResult[];
  /** A sales person's day on the phone (issue 43's rows), on the small size. */
  phone: PhoneDayResult;
  /** The first calls after a restart at the large size, or why they were not measured. */
  restart: AfterRestart | { error: string };
  /** The first page after the stack came up (ms). */
  firstPageMs: number;
  /** One-minute load average when the bench started (other work on the machine). */
  loadAverage: number;
  /** The machine's CPU gauge when the bench started (ms, run/gauge.ts). */
  gaugeMs: number;
  /** Issue 45's broadcast rows at the large size (undefined: the large size was not loaded). */
  broadcasts?: BroadcastBench;
}

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-IN') : '–');
const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const unit = (text: string, u: string) => (text === '–' ? text : `${text} ${u}`);
const median = (values: number[]) => percentile(values, 50);
const measured = (r: SizeReport | FailedSize): r is SizeReport => 'results' in r;

function mark(v: Verdict | undefined): string {
  if (!v) return '';
  const state =
    v.met === undefined ? '⚠️ not measured at the large size' : v.met ? '✅ met' : '❌ missed';
  return `${state}: ${v.target}`;
}

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  const memory = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${nproc} cores (${cpu}), ${memory} GB memory, Node ${process.version}, ${os.type()} ${os.release()}`;
}

function sizeLabel({ customers, entries }: ScaleSize): string {
  return `${int(customers)} customers / ${int(entries)} entries`;
}

// Per-call figures; NaN (shown as '–') for a size that was not measured.
const ms = (r: CallResult | undefined, p: number) =>
  r
    ? percentile(
        r.runs.map((x) => x.ms),
        p,
      )
    : NaN;
const reads = (r: CallResult | undefined) => (r ? median(r.runs.map((x) => x.reads)) : NaN);
/** The reads, split into the call's own data and its session checks where it has those. */
const readsCell = (r: CallResult | undefined) => {
  const session = r?.call.sessionReads;
  if (!session || !r) return int(reads(r));
  return `${int(reads(r))} = ${int(reads(r) - session)} data + ${int(session)} session`;
};
const writes = (r: CallResult | undefined) => (r ? median(r.runs.map((x) => x.writes)) : NaN);
const cpu = (r: CallResult | undefined) => (r ? median(r.runs.map((x) => x.firestoreCpuMs)) : NaN);
const peak = (r: CallResult | undefined) =>
  r ? Math.max(...r.runs.map((x) => x.peakMb ?? 0)) : NaN;
const growth = (r: CallResult | undefined) =>
  r ? Math.max(...r.runs.map((x) => x.growthMb ?? 0)) : NaN;
const slowestS = (r: CallResult | undefined) =>
  r ? Math.max(...r.runs.map((x) => x.ms)) / 1000 : NaN;

function callTable(report: BenchReport): { lines: string[]; verdicts: Verdict[] } {
  const large = measured(report.large) ? report.large.results : undefined;
  const lines = [
    '| Call | small p50 | small p95 | large p50 | large p95 | large / small (p50) | reads small | reads large | writes small | writes large | Firestore CPU small | Firestore CPU large | Target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const verdicts: Verdict[] = [];
  report.small.results.forEach((s, i) => {
    const l = large?.[i];
    const v = verdict(s.call.target, s, l);
    if (v) verdicts.push({ ...v, target: `${s.call.name}: ${v.target}` });
    for (const flat of flatVerdicts(s.call.target, s, l))
      verdicts.push({ ...flat, target: `${s.call.name}: ${flat.target}` });
    lines.push(
      `| ${s.call.name} | ${int(ms(s, 50))} | ${int(ms(s, 95))} | ${int(ms(l, 50))} | ${int(ms(l, 95))} | ${fixed(ms(l, 50) / ms(s, 50))} | ${readsCell(s)} | ${readsCell(l)} | ${int(writes(s))} | ${int(writes(l))} | ${int(cpu(s))} | ${int(cpu(l))} | ${mark(v)} |`,
    );
  });
  return { lines, verdicts };
}

/** States the session checks' share of the reads beside the calls that have one. */
function sessionNotes(report: BenchReport): string[] {
  return report.small.results
    .filter((r) => r.call.sessionReads)
    .flatMap((r) => [
      `${r.call.name}: ${r.call.target === 'dashboard' ? 'its target is judged on all its reads; ' : ''}of its reads, the load makes ${int(r.call.sessionReads!)} read(s) for the session checks (each of its /api calls reads its session's record: 1 read per call), the same at every size.`,
      '',
    ]);
}

function memoryTable(report: BenchReport): string[] {
  const large = measured(report.large) ? report.large.results : undefined;
  const lines = [
    '| Call | small: peak RSS | large: peak RSS | small: added by the call | large: added by the call | small: slowest run | large: slowest run |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  report.small.results.forEach((s, i) => {
    if (!s.call.memory) return;
    const l = large?.[i];
    lines.push(
      `| ${s.call.name} | ${unit(int(peak(s)), 'MB')} | ${unit(int(peak(l)), 'MB')} | ${unit(int(growth(s)), 'MB')} | ${unit(int(growth(l)), 'MB')} | ${unit(fixed(slowestS(s)), 's')} | ${unit(fixed(slowestS(l)), 's')} |`,
    );
  });
  return lines;
}

function loadVerdict(report: BenchReport): Verdict {
  const large = report.large;
  return {
    target: `Loading the large size (generate and import): ≤ ${LOAD_MAX_MS / 1000} s`,
    met: measured(large) ? large.seeded.loadMs <= LOAD_MAX_MS : undefined,
  };
}

function seedingTable(report: BenchReport): string[] {
  const row = (label: string, r: SizeReport | FailedSize) => {
    if (!measured(r))
      return `| ${label}: ${sizeLabel(r.size)} | not loaded (see above) | | | | | |`;
    const s = r.seeded;
    return `| ${label}: ${sizeLabel(r.size)} | ${int(s.documents)} | ${fixed(s.generateMs / 1000)} s | ${fixed(s.loadMs / 1000)} s | ${s.followUps} | ${fixed(s.dashboardJob.ms / 1000)} s | ${int(s.dashboardJob.peakRssMb)} MB |`;
  };
  return [
    '| Size | documents generated | generate | load (generate and import) | follow-ups (API) | dashboard job | job peak RSS |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('small', report.small),
    row('large', report.large),
  ];
}

/** The runs that failed, per size and call, with their answers. */
function failures(report: BenchReport): string[] {
  const lines: string[] = [];
  const sizes: [string, SizeReport | FailedSize][] = [
    ['small', report.small],
    ['large', report.large],
  ];
  for (const [label, size] of sizes) {
    if (!measured(size)) continue;
    for (const { call, runs } of size.results) {
      const failed = runs.filter((r) => r.error);
      if (failed.length === 0) continue;
      const times = failed.map((r) => `${fixed(r.ms / 1000)} s`).join(', ');
      lines.push(
        `- ${label}, ${call.name}: ${failed.length} of ${runs.length} runs failed (after ${times}): ${failed[0].error}`,
      );
    }
  }
  return lines.length === 0 ? [] : ['## Failed calls', '', ...lines, ''];
}

export function renderReport(report: BenchReport): string {
  const { lines: table, verdicts } = callTable(report);
  const bundleVerdict: Verdict = {
    target: `Sign-in route: ≤ ${SIGN_IN_MAX_KB} KB gzipped JS`,
    met: report.bundles.signInKb <= SIGN_IN_MAX_KB,
  };
  verdicts.push(bundleVerdict, loadVerdict(report));
  const teams = report.teams.map(teamSection);
  for (const team of teams) verdicts.push(...team.verdicts);
  const paint = paintSection(report.paint);
  verdicts.push(...paint.verdicts);
  const phone = phoneDaySection(report.phone);
  verdicts.push(...phone.verdicts);
  const restart = afterRestartSection(report.restart);
  verdicts.push(...restart.verdicts);
  const first = firstPageSection(report.firstPageMs);
  verdicts.push(first.verdict);
  const broadcasts = report.broadcasts ? broadcastSection(report.broadcasts) : undefined;
  verdicts.push(...(broadcasts?.verdicts ?? []));
  const quotes = quotesSection(
    report.small.quotes,
    measured(report.large) ? report.large.quotes : undefined,
  );
  verdicts.push(...quotes.verdicts);
  const missed = verdicts.filter((v) => v.met === false).length;
  const unmeasured = verdicts.filter((v) => v.met === undefined).length;
  const failure = measured(report.large)
    ? []
    : [
        '## Large size not measured',
        '',
        `Loading ${sizeLabel(report.large.size)} failed: ${report.large.error}`,
        '',
      ];
  return `${[
    '# Benchmarks',
    '',
    '<!-- Written by `npm run bench` (tools/bench/bench.ts); run it again to refresh. -->',
    '',
    `Run ${report.startedAt.toISOString()} on ${machine()}; the whole bench took ${fixed(report.totalMs / 60_000)} min.`,
    `Load average when it started: ${fixed(report.loadAverage, 2)} (other work on the machine makes latencies noisy; document counts are exact).`,
    `CPU gauge when it started: ${int(report.gaugeMs)} ms (a fixed piece of hashing and JSON on one core, tools/bench/run/gauge.ts; \`npm run bench -- --gauge\` prints it alone): machines of this kind differ from day to day, and every latency row moves with it.`,
    '',
    `Sizes: **small** ${sizeLabel(report.small.size)}, **large** ${sizeLabel(report.large.size)}, each on top of the demo company (tools/stack/seed.ts), loaded into a fresh local stack (\`npm run seed:scale\` does the same to \`npm start\`'s stack).`,
    '',
    ...failure,
    '## Calls',
    '',
    'Latency in ms through the front (as the browser calls), over repeated runs after one warm-up. Reads and writes: documents per call as the embedded Firestore bills them (median of the runs). Firestore CPU: ms of CPU the embedded Firestore process spent on the call (median) — its own query time, which grows with the data where it scans: it keeps sort orders and value lookups as the real Firestore keeps indexes, but scans for what those do not answer (tools/firestore/README.md).',
    '',
    ...table,
    '',
    ...sessionNotes(report),
    ...failures(report),
    ...quotes.lines,
    ...teams.flatMap((team) => team.lines),
    ...paint.lines,
    ...phone.lines,
    ...first.lines,
    ...restart.lines,
    ...(broadcasts?.lines ?? []),
    '## Memory of the functions process',
    '',
    'Peak resident memory (VmRSS from /proc, sampled every 50 ms) of the api instance that served the call (functions-framework, each instance one long-lived process; the instance whose memory grew most), and how much the call added to what it held before (it also holds what earlier calls left). The export target is read against the peak.',
    '',
    ...memoryTable(report),
    '',
    '## Loading the data and the dashboard job',
    '',
    `Generate writes the export file (the stack's data plus the generated lines), until its last line; the embedded Firestore's \`:import\` call starts with it and reads the lines as they are written, and load is the time from the start until the import answered (docs/benchmarks.md), judged at the large size against ${LOAD_MAX_MS / 1000} s. The dashboard job (\`functions/src/features/dashboard/recompute.ts\`) runs once after each load, in a process of its own: its time and peak memory.`,
    '',
    ...seedingTable(report),
    '',
    '## Web bundle (gzipped JS)',
    '',
    '| Route | gzipped JS | files |',
    '|---|---:|---|',
    `| Sign-in (entry) | ${fixed(report.bundles.signInKb)} KB | ${report.bundles.signInFiles.join(', ')} |`,
    `| Dashboard chunk (lazy) | ${fixed(report.bundles.dashboardKb)} KB | ${report.bundles.dashboardFiles.join(', ')} |`,
    '',
    '## Targets',
    '',
    ...verdicts.map((v) => `- ${mark(v)}`),
    '',
    missed === 0 && unmeasured === 0
      ? 'Every target is met.'
      : `${missed} target(s) missed, ${unmeasured} not measured: the fix belongs in the product, not in this benchmark.`,
  ].join('\n')}\n`;
}
