/**
 * `npm run bench`: builds the app, starts its own local stack (ports firebase.json's + 20, data
 * in a temporary folder), seeds the demo company, then for the small and the large size loads a
 * generated book (seed:scale's generator), runs the dashboard job and times every main call;
 * writes BENCHMARKS.md. Its flags are in USAGE, which `--help` prints.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getFirestore } from 'firebase-admin/firestore';
import { savedAppSecret } from '../stack/app-secret.ts';
import { buildApp } from '../stack/build.ts';
import { portsFromFirebaseJson, ROOT } from '../stack/config.ts';
import { demoAccounts, seedDemoCompany } from '../stack/seed.ts';
import { API_INSTANCE_NAMES, startStack } from '../stack/stack.ts';
import { firstCallsAfterRestart } from './run/after-restart.ts';
import { apiClient, signIn } from './stack-api.ts';
import { broadcastBench, type BroadcastBench } from './run/broadcasts.ts';
import { broadcastsOnly } from './run/broadcasts-only.ts';
import { CHROMIUM } from './run/browser-profile.ts';
import { cpuGauge } from './run/gauge.ts';
import { bundleSizes } from './run/bundle.ts';
import { benchCalls } from './run/calls.ts';
import { dashboardPaint, paintSection } from './run/dashboard-paint.ts';
import { firstPage, firstPageSection } from './run/first-page.ts';
import { measureCalls, type StackProcesses } from './run/measure.ts';
import { phoneDay, PHONE_SIGNED_IN } from './run/phone-day.ts';
import { benchPhoneOnly } from './run/phone-only.ts';
import { memoryMb } from './run/proc.ts';
import { measureQuotes, quotesSection } from './run/quotes.ts';
import { renderReport, type FailedSize, type SizeReport } from './run/report.ts';
import { teamAccounts } from './run/team-accounts.ts';
import { teamLoad, teamSection } from './run/team-load.ts';
import type { ScaleSize } from './scale/generate.ts';
import { firestoreControl } from './scale/load.ts';
import { seedScale, type ScaleTarget } from './scale/seed.ts';

/** Not 0 (npm start) nor 10 (the browser tests). */
const BENCH_PORT_OFFSET = 20;
const RESTORE_WAIT_MS = 30_000;
const SMALL: ScaleSize = { customers: 1_000, entries: 5_000 };
const TEAM_USERS = 50;
/** A whole sales floor at once: the same round as the team of 50. */
const FLOOR_USERS = 200;
const TEAM_MS = 60_000;
/** What a person at the console pauses between steps to read the page. */
const TEAM_PAUSE_MS: [number, number] = [1_000, 3_000];

const USAGE = `npm run bench -- [flags]
  --large-customers N --large-entries M  the large size (default 100,000 / 500,000)
  --out FILE       where the report goes (default BENCHMARKS.md at the repo root)
  --team-only      the small size and the team of 50 alone, with the first page after the
                   start, printed rather than written: for work on those rows
  --small-only     the small size's calls, then the team of 50 on what they left, as the
                   whole bench runs it; printed: for work on those rows without the large size
  --only quotes    the quotation rows alone at both sizes, printed
  --only phone     a sales person's day on the phone alone, printed (run/phone-only.ts)
  --only broadcasts  the broadcast rows alone on a stack loaded with the large size given,
                   e.g. 10,000 / 10,000; printed (run/broadcasts-only.ts)
  --gauge          the machine's CPU gauge alone, printed (run/gauge.ts; every run writes its own)
  --help           this text`;

const { values } = parseFlags();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
// Every run but these paints the dashboard in a browser, minutes in: a machine without one
// is told now, not after the build and the small size.
const paints = !values.gauge && values.only !== 'quotes' && values.only !== 'broadcasts';
if (paints && !existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH.`);
  process.exit(2);
}
const large: ScaleSize = {
  customers: Number(values['large-customers']),
  entries: Number(values['large-entries']),
};
const log = (line: string) => console.log(`[bench] ${line}`);
// Before anything of the bench's own loads the machine.
const gaugeMs = cpuGauge();
log(`CPU gauge: ${gaugeMs} ms`);
if (values.gauge) process.exit(0);
const teamOptions = (users: number) => ({
  users,
  durationMs: TEAM_MS,
  pauseMs: TEAM_PAUSE_MS,
  storedNames: async () => {
    const stored = await getFirestore().collection('customers').select('names').get();
    return stored.docs.map((d) => (d.get('names') as string[] | undefined)?.[0] ?? '');
  },
});
if (values.only === 'broadcasts') {
  process.exit(
    await broadcastsOnly({
      portOffset: BENCH_PORT_OFFSET,
      size: large,
      log,
      team: async (url) => teamLoad(url, await teamAccounts(FLOOR_USERS), teamOptions(FLOOR_USERS)),
    }),
  );
}
const startedAt = new Date();
const loadAverage = os.loadavg()[0];

if (values.only === 'phone') {
  const met = await benchPhoneOnly(BENCH_PORT_OFFSET, log);
  // The stack is stopped; what is left open (the browser's and streams' sockets) is not waited on.
  await new Promise((resolve) => process.stdout.write('', resolve));
  process.exit(met ? 0 : 1);
} else if (values.only !== undefined && values.only !== 'quotes') {
  console.error('--only takes one section: quotes, phone or broadcasts');
  process.exit(2);
}

log('building functions and web…');
buildApp();
const bundles = bundleSizes();

const workDir = mkdtempSync(path.join(os.tmpdir(), 'crm-bench-'));
const ports = portsFromFirebaseJson(BENCH_PORT_OFFSET);
const stack = await startStack({ ports, dataDir: path.join(workDir, 'stack'), quiet: true });
const control = firestoreControl(`127.0.0.1:${ports.firestore}`);
const baseExport = path.join(workDir, 'base');
try {
  Object.assign(process.env, stack.env);
  const admin = demoAccounts()[0];
  await seedDemoCompany();
  // Before anything else reaches the api: as the first person to open a new start's console.
  const firstPageMs = await firstPage(stack.url, admin);
  log(`first page after the start: ${Math.round(firstPageMs)} ms`);
  await control.exportTo(baseExport);
  const adminSignIn = () => signIn(stack.url, admin.email, admin.password);
  const target: ScaleTarget = { url: stack.url, env: stack.env, control, signIn: adminSignIn };

  // The api's instances (functions-framework processes): memory is judged per instance.
  const firestorePid = stack.pids().firestore;
  if (!firestorePid || !stack.pids().api) throw new Error('The stack processes are not running');
  const processes: StackProcesses = {
    firestorePid,
    functionsPids: () => API_INSTANCE_NAMES.map((name) => stack.pids()[name]).filter(Boolean),
  };

  const measureSize = async (size: ScaleSize): Promise<SizeReport> => {
    log(
      `loading ${size.customers.toLocaleString('en-IN')} customers / ${size.entries.toLocaleString('en-IN')} entries…`,
    );
    const seeded = await seedScale(target, size, baseExport, workDir, log);
    const ctx = {
      api: apiClient(stack.url, await adminSignIn()),
      signIn: () => adminSignIn().then(() => undefined),
      probe: seeded.probe,
    };
    const calls = values.only === 'quotes' ? [] : benchCalls();
    const results = await measureCalls(calls, ctx, control, processes, log);
    const quotes = await measureQuotes(ctx.api, log);
    return { size, seeded, results, quotes };
  };
  const small = values['team-only'] ? undefined : await measureSize(SMALL);
  if (values.only === 'quotes') {
    const largeQuotes = (await measureSize(large)).quotes;
    const section = quotesSection(small?.quotes, largeQuotes);
    console.log(section.lines.join('\n'));
    process.exitCode = section.verdicts.every((v) => v.met !== false) ? 0 : 1;
  } else {
    if (!small) await seedScale(target, SMALL, baseExport, workDir, log);
    // Each person with their own account, as on a sales floor.
    const floorAccounts = await teamAccounts(FLOOR_USERS);
    const teamOf = (users: number) => {
      log(`${users} users at once for ${TEAM_MS / 1000} s…`);
      return teamLoad(stack.url, floorAccounts, teamOptions(users));
    };
    const team = await teamOf(TEAM_USERS);
    const floor = await teamOf(FLOOR_USERS);
    log('the dashboard in a browser…');
    const sales = demoAccounts().find((a) => a.role === 'sales') ?? admin;
    const paint = await dashboardPaint(stack.url, sales);
    if (!small || values['small-only']) {
      const first = firstPageSection(firstPageMs);
      const sections = [teamSection(team), teamSection(floor), paintSection(paint)];
      console.log([...sections.flatMap((x) => x.lines), ...first.lines].join('\n'));
      const verdicts = [...sections.flatMap((x) => x.verdicts), first.verdict];
      process.exitCode = verdicts.every((v) => v.met) ? 0 : 1;
    } else {
      // On the small size, before the large one is loaded.
      log("a sales person's day on the phone…");
      const phone = await phoneDay(
        {
          baseUrl: stack.url,
          outboxUrl: stack.outboxUrl,
          control,
          appSecret: savedAppSecret,
          sales,
          team: floorAccounts.slice(0, PHONE_SIGNED_IN),
        },
        log,
      );
      // The large size may not fit the local stack: the report then says why instead of its figures.
      const largeReport: SizeReport | FailedSize = await measureSize(large).catch(
        (err: unknown) => {
          const rss = memoryMb(firestorePid).rss;
          const state =
            rss > 0
              ? `the embedded Firestore process then held ${Math.round(rss)} MB`
              : 'the embedded Firestore process had exited';
          const error = `${err instanceof Error ? err.message : String(err)}; ${state}`;
          log(`the large size failed: ${error}`);
          return { size: large, error };
        },
      );
      // Never fails the bench: a restart that goes wrong is reported as not measured.
      const restart = await (async () => {
        if ('error' in largeReport) return { error: 'the large size was not loaded' };
        log('the first calls after a restart of the embedded Firestore…');
        const api = apiClient(stack.url, await adminSignIn());
        return firstCallsAfterRestart({
          firestorePid: () => stack.pids().firestore,
          ready: () => control.counters(),
          api,
        });
      })().catch((err: unknown) => ({ error: err instanceof Error ? err.message : String(err) }));
      // Issue 45's rows at the large size, last (they kill processes and start the jobs).
      const broadcasts: BroadcastBench | undefined =
        'error' in largeReport
          ? undefined
          : await (async () => {
              await stack.superviseJobs(process.env.COMPANY_TIME_ZONE ?? 'Asia/Kolkata');
              // The large size's import replaced the floor's user records: made again.
              const accounts = await teamAccounts(FLOOR_USERS);
              return broadcastBench({
                url: stack.url,
                firstApiPort: stack.apiPorts[0],
                outboxFile: path.join(workDir, 'stack', 'outbox', 'outbox.jsonl'),
                signIn: adminSignIn,
                team: () => teamLoad(stack.url, accounts, teamOptions(FLOOR_USERS)),
                pids: stack.pids,
                log,
              });
            })().catch((err: unknown) => {
              log(`the broadcast rows failed: ${err instanceof Error ? err.message : String(err)}`);
              return undefined;
            });
      const report = renderReport({
        broadcasts,
        startedAt,
        totalMs: Date.now() - startedAt.getTime(),
        small,
        large: largeReport,
        bundles,
        teams: [team, floor],
        paint,
        phone,
        restart,
        firstPageMs,
        loadAverage,
        gaugeMs,
      });
      writeFileSync(values.out, report);
      log(`wrote ${values.out}`);
    }
  }
} finally {
  // Back to the small base data, so the stack's export on the way out is quick (unless the
  // large size left the embedded Firestore unable to answer: stopping the stack ends it).
  await Promise.race([
    control.importFrom(baseExport).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS).unref()),
  ]);
  await stack.stop();
  rmSync(workDir, { recursive: true, force: true });
}

/** The flags, or the usage and exit 2 for one it does not know (rather than a stack trace). */
function parseFlags() {
  try {
    return parseArgs({
      options: {
        'large-customers': { type: 'string', default: '100000' },
        'large-entries': { type: 'string', default: '500000' },
        out: { type: 'string', default: path.join(ROOT, 'BENCHMARKS.md') },
        'team-only': { type: 'boolean', default: false },
        'small-only': { type: 'boolean', default: false },
        only: { type: 'string' },
        gauge: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}
