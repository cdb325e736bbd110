// Issue 45's broadcast rows: a broadcast to the newest 10,000 customers (audience counted, all
// queued, sent at the settings' 80 a second, each recipient exactly once in the outbox's own
// record) while the team of 200 works (their round alone twice first, for comparison: the
// first after a load or restart pays the engine's first reads of each searched word), then a
// broadcast to 2,000 during which the embedded Firestore and the api instance running its
// dispatcher are killed (SIGKILL): after recovery every recipient has exactly one message.
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { apiClient, type Api } from '../stack-api.ts';
import { tallyOutbox, outboxTook, type OutboxTally } from './broadcast-outbox.ts';
import type { TeamLoadResult } from './team-load.ts';
import { teamSection } from './team-load.ts';

export const BROADCAST_RECIPIENTS = 10_000;
export const CRASH_RECIPIENTS = 2_000;
const THROUGHPUT = 80;
const COUNT_MAX_MS = 2_000;
const QUEUE_MAX_MS = 30_000;
const RATE_TOLERANCE = 0.1;
/** The share of the crash broadcast the outbox has taken when the kills come. */
const KILL_AT_SHARE = 0.3;
/** How long a broadcast may take past its paced time before the row gives up on it. */
const SETTLE_GRACE_MS = 12 * 60_000;
const POLL_MS = 2_000;
/** A sign-in or the crash row's wait for the outbox that takes longer ends the row, not the bench. */
const SIGN_IN_MAX_MS = 60_000;
const KILL_WAIT_MAX_MS = 5 * 60_000;
const COMPANY_TIME_ZONE = 'Asia/Kolkata';

export interface BroadcastBenchOptions {
  /** The front's address. */
  url: string;
  /** Where the api's first instance listens (the crash broadcast is started there). */
  firstApiPort: number;
  /** The outbox's record of what it took (outbox.jsonl in its folder). */
  outboxFile: string;
  signIn(): Promise<string>;
  /** The team of 200's round (tools/bench/run/team-load.ts). */
  team(): Promise<TeamLoadResult>;
  pids(): Record<string, number>;
  log(line: string): void;
}

export interface BigBroadcast {
  recipients: number;
  countMs: number;
  queueMs: number;
  /** From the start until the broadcast was done; undefined when it was not done in time. */
  doneMs: number | undefined;
  /** Why it was not done in time. */
  notDone?: string;
  tally: OutboxTally;
}

export interface CrashBroadcast {
  recipients: number;
  /** Messages the outbox had taken when the kills came. */
  takenAtKill: number;
  /** From the kills until the broadcast was done; undefined when it was not done in time. */
  recoveryMs: number | undefined;
  notDone?: string;
  tally: OutboxTally;
}

export interface BroadcastBench {
  big: BigBroadcast | { error: string };
  /** The round alone, first after the stack loaded (or restarted). */
  teamFirst: TeamLoadResult;
  /** The round alone again: what the round costs the stack without a broadcast. */
  teamAlone: TeamLoadResult;
  teamDuring: TeamLoadResult | undefined;
  crash: CrashBroadcast | { error: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const json = <T>(text: string) => JSON.parse(text) as T;

const companyDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: COMPANY_TIME_ZONE });

/**
 * The customer list's `from` and `to` that take in at least the newest `n` customers made before
 * today (company days): the book's, not the bench's own of today (its imports and teams make
 * tens of thousands at the large size, all on one day).
 */
async function newestWindow(n: number): Promise<{ from: string; to: string }> {
  const today = companyDay(new Date());
  // India keeps one offset all year.
  const startOfToday = new Date(`${today}T00:00:00+05:30`);
  const nth = await getFirestore()
    .collection('customers')
    .where('createdAt', '<', Timestamp.fromDate(startOfToday))
    .orderBy('createdAt', 'desc')
    .offset(n - 1)
    .limit(1)
    .select('createdAt')
    .get();
  const at = (nth.docs[0]?.get('createdAt') as Timestamp | undefined)?.toDate() ?? new Date(0);
  return { from: companyDay(at), to: companyDay(new Date(startOfToday.getTime() - 1)) };
}

async function makeBroadcast(api: Api, name: string, recipients: number) {
  const audience = { filters: await newestWindow(recipients) };
  const started = performance.now();
  const counted = json<{ audienceCount: number }>(
    (await api.ok('POST', '/broadcasts/audience', { audience })).text,
  );
  const countMs = performance.now() - started;
  const made = json<{ _id: string }>(
    (
      await api.ok('POST', '/broadcasts', {
        name,
        template: { name: 'season_offer', language: 'en' },
        params: [{ field: 'firstName' }, { text: 'Diwali prices until Sunday.' }],
        audience,
      })
    ).text,
  );
  return { id: made._id, audienceCount: counted.audienceCount, countMs };
}

/**
 * Waits until the broadcast is done (calls that fail meanwhile, as in a restart, are retried);
 * answers why not when it was not done within `withinMs`.
 */
async function untilDone(api: Api, id: string, withinMs: number): Promise<string | undefined> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const answer = await api.call('GET', `/broadcasts/${id}`).catch(() => undefined);
    const body =
      answer?.status === 200
        ? json<{ state: string; counts?: Record<string, number> }>(answer.text)
        : undefined;
    if (body?.state === 'done') return undefined;
    const stopped = ['cancelled', 'paused', 'waiting'].includes(body?.state ?? '');
    if (stopped || Date.now() > deadline)
      return `not done within ${Math.round(withinMs / 1000)} s: ${body?.state ?? 'no answer'} ${JSON.stringify(body?.counts ?? {})}`;
    await sleep(POLL_MS);
  }
}

/** `work`'s result, or an error naming `what` once `ms` have passed without one. */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Signs in, again while the database restarts or is too busy to answer (503). */
async function signInAgain(o: BroadcastBenchOptions): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await within(o.signIn(), SIGN_IN_MAX_MS, 'sign-in');
    } catch (err) {
      if (attempt >= 10) throw err;
      await sleep(3_000);
    }
  }
}

const pacedMs = (recipients: number) => (recipients / THROUGHPUT) * 1000;

async function bigBroadcast(
  o: BroadcastBenchOptions,
  api: Api,
): Promise<{ big: BigBroadcast; teamDuring: TeamLoadResult }> {
  const made = await makeBroadcast(api, 'Bench: the newest customers', BROADCAST_RECIPIENTS);
  o.log(`broadcast to ${made.audienceCount} counted in ${Math.round(made.countMs)} ms; starting…`);
  const started = performance.now();
  await api.ok('POST', `/broadcasts/${made.id}/start`);
  const queueMs = performance.now() - started;
  o.log(`queued in ${Math.round(queueMs)} ms; the team of 200 works while it sends…`);
  const [teamDuring, notDone] = await Promise.all([
    o.team(),
    untilDone(api, made.id, pacedMs(made.audienceCount) + SETTLE_GRACE_MS),
  ]);
  const doneMs = notDone ? undefined : performance.now() - started;
  const tally = await tallyOutbox(o.outboxFile, made.id);
  o.log(`${notDone ?? 'done'}; ${tally.messages} sent at ${tally.perSecond.toFixed(1)}/s`);
  return {
    big: { recipients: made.audienceCount, countMs: made.countMs, queueMs, doneMs, notDone, tally },
    teamDuring,
  };
}

async function crashBroadcast(o: BroadcastBenchOptions, api: Api): Promise<CrashBroadcast> {
  const made = await makeBroadcast(api, 'Bench: through a crash', CRASH_RECIPIENTS);
  // Started on the first instance, whose dispatcher then sends it: that instance is killed.
  const first = apiClient(`http://127.0.0.1:${o.firstApiPort}`, await signInAgain(o));
  await first.ok('POST', `/broadcasts/${made.id}/start`);
  const killAt = Math.ceil(made.audienceCount * KILL_AT_SHARE);
  let takenAtKill = 0;
  const killBy = Date.now() + KILL_WAIT_MAX_MS;
  while ((takenAtKill = outboxTook(o.outboxFile, made.id).size) < killAt) {
    if (Date.now() > killBy)
      throw new Error(`the outbox took ${takenAtKill} of ${made.audienceCount} in 5 minutes`);
    await sleep(200);
  }
  const { firestore, api: apiPid } = o.pids();
  process.kill(firestore, 'SIGKILL');
  process.kill(apiPid, 'SIGKILL');
  const killed = performance.now();
  o.log(`killed the embedded Firestore and the api's first instance at ${takenAtKill} sent…`);
  const notDone = await untilDone(api, made.id, pacedMs(made.audienceCount) + SETTLE_GRACE_MS);
  const recoveryMs = notDone ? undefined : performance.now() - killed;
  const tally = await tallyOutbox(o.outboxFile, made.id);
  o.log(`${notDone ?? 'done'} after the kills; ${tally.messages} messages`);
  return { recipients: made.audienceCount, takenAtKill, recoveryMs, notDone, tally };
}

const failed = (err: unknown) => ({ error: err instanceof Error ? err.message : String(err) });

export async function broadcastBench(o: BroadcastBenchOptions): Promise<BroadcastBench> {
  const api = apiClient(o.url, await o.signIn());
  await api.ok('PUT', '/admin/settings', {
    broadcasts: { throughputPerSecond: THROUGHPUT, messagingLimit: null },
  });
  o.log('the team of 200 alone…');
  const teamFirst = await o.team();
  o.log('the team of 200 alone again…');
  const teamAlone = await o.team();
  let teamDuring: TeamLoadResult | undefined;
  const big = await bigBroadcast(o, api).then((r) => {
    teamDuring = r.teamDuring;
    return r.big;
  }, failed);
  const crash = await crashBroadcast(o, apiClient(o.url, await signInAgain(o))).catch(failed);
  return { big, teamFirst, teamAlone, teamDuring, crash };
}

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-IN') : '–');
const seconds = (ms: number | undefined) =>
  ms === undefined ? 'not done' : `${(ms / 1000).toFixed(1)} s`;

function firstErrors(label: string, t: TeamLoadResult): string[] {
  if (t.firstErrors.length === 0) return [];
  return [`First errors of the team ${label}:`, '', ...t.firstErrors.map((e) => `- ${e}`), ''];
}

/** Each step's p50 and p95 alone again and while it sends, side by side. */
function stepLines(alone: TeamLoadResult, during: TeamLoadResult | undefined): string[] {
  const ms = (n: number | undefined) => (n === undefined ? '–' : `${int(n)} ms`);
  return [
    '| step of the round | alone again: p50 | p95 | while it sends: p50 | p95 |',
    '|---|---:|---:|---:|---:|',
    ...alone.steps.map((step) => {
      const sending = during?.steps.find((s) => s.name === step.name);
      return `| ${step.name} | ${ms(step.p50)} | ${ms(step.p95)} | ${ms(sending?.p50)} | ${ms(sending?.p95)} |`;
    }),
    '',
  ];
}

function teamRow(label: string, t: TeamLoadResult): string {
  return `| ${label} | ${int(t.requests)} | ${t.perSecond.toFixed(1)} | ${int(t.p50)} ms | ${int(t.p95)} ms | ${int(t.p99)} ms | ${t.errors} |`;
}

function bigLines(big: BigBroadcast | { error: string }): string[] {
  if ('error' in big) return [`Not measured: ${big.error}`, ''];
  const t = big.tally;
  return [
    '| recipients | audience counted | all queued (start answered) | sending (first to last) | per second | done after start | duplicates | missing | unknown | failed | tried again |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${int(big.recipients)} | ${int(big.countMs)} ms | ${seconds(big.queueMs)} | ${seconds(t.spanMs)} | ${t.perSecond.toFixed(1)} | ${seconds(big.doneMs)} | ${t.duplicates} | ${t.missing} | ${t.unknown} | ${t.failed} | ${t.retried} |`,
    '',
    `Messages the outbox took in each second from the first: ${t.perSecondRuns.join(' ')}.`,
    '',
    ...(big.notDone ? [`The broadcast was ${big.notDone}.`, ''] : []),
  ];
}

function crashLines(crash: CrashBroadcast | { error: string }): string[] {
  if ('error' in crash) return [`Not measured: ${crash.error}`, ''];
  const t = crash.tally;
  return [
    '| recipients | taken when killed | done after the kills | messages | duplicates | missing | unknown | failed | tried again |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${int(crash.recipients)} | ${int(crash.takenAtKill)} | ${seconds(crash.recoveryMs)} | ${int(t.messages)} | ${t.duplicates} | ${t.missing} | ${t.unknown} | ${t.failed} | ${t.retried} |`,
    '',
    ...(crash.notDone ? [`The broadcast was ${crash.notDone}.`, ''] : []),
  ];
}

/** The broadcasts' section of BENCHMARKS.md, and its targets. */
export function broadcastSection(r: BroadcastBench): {
  lines: string[];
  verdicts: { target: string; met: boolean | undefined }[];
} {
  const big = 'error' in r.big ? undefined : r.big;
  const crash = 'error' in r.crash ? undefined : r.crash;
  const low = THROUGHPUT * (1 - RATE_TOLERANCE);
  const high = THROUGHPUT * (1 + RATE_TOLERANCE);
  const during = r.teamDuring ? teamSection(r.teamDuring) : undefined;
  const exactlyOnce = (t: OutboxTally | undefined) =>
    t ? t.duplicates === 0 && t.missing === 0 : undefined;
  return {
    lines: [
      `## Broadcasts: ${int(BROADCAST_RECIPIENTS)} recipients while the team works`,
      '',
      `The newest ${int(BROADCAST_RECIPIENTS)} customers made before the bench's day (the list's "created from" and "to" filters, whole days: a few more), the marketing template \`season_offer\`, the settings' throughput ${THROUGHPUT}/s and no messaging limit; the outbox plays Meta's 80/s. Audience counted: \`POST /api/broadcasts/audience\`; all queued: \`POST /api/broadcasts/:id/start\`, which answers once every recipient is in the send queue; the pace, duplicates and missing from the outbox's own record of what it took (\`outbox.jsonl\`), set against the broadcast's recipients in the queue.`,
      '',
      ...bigLines(r.big),
      `The team of 200's round (tools/bench/run/team-load.ts) alone twice (the first after the stack loaded or restarted, whose searches pay the engine's first reads of each word; then again, what the round costs without a broadcast), then while the broadcast sends (the outbox's status callbacks reach the api's webhook meanwhile):`,
      '',
      '| team of 200 | requests | per second | p50 | p95 | p99 | errors |',
      '|---|---:|---:|---:|---:|---:|---:|',
      teamRow('alone, first round', r.teamFirst),
      teamRow('alone again', r.teamAlone),
      r.teamDuring ? teamRow('while it sends', r.teamDuring) : '| while it sends | not measured |',
      '',
      ...stepLines(r.teamAlone, r.teamDuring),
      ...firstErrors('alone, first round', r.teamFirst),
      ...firstErrors('alone again', r.teamAlone),
      ...(r.teamDuring ? firstErrors('while it sends', r.teamDuring) : []),
      `## Broadcasts: a crash in the middle of ${int(CRASH_RECIPIENTS)}`,
      '',
      `A broadcast to the newest ${int(CRASH_RECIPIENTS)} customers started on the api's first instance (whose dispatcher then sends it); when the outbox has taken ${KILL_AT_SHARE * 100} % of it, the embedded Firestore and that instance are killed with SIGKILL (the stack's supervisor starts them again; the other instance and the jobs process run on). The dispatcher's lease runs out and the every-minute job takes over; recipients caught between the claim and Meta's answer wait for the stale claim's handling.`,
      '',
      ...crashLines(r.crash),
    ],
    verdicts: [
      {
        target: `Broadcast audience of ${int(BROADCAST_RECIPIENTS)} counted ≤ ${int(COUNT_MAX_MS)} ms`,
        met: big && big.countMs <= COUNT_MAX_MS,
      },
      {
        target: `Broadcast of ${int(BROADCAST_RECIPIENTS)}: all queued ≤ ${QUEUE_MAX_MS / 1000} s`,
        met: big && big.queueMs <= QUEUE_MAX_MS,
      },
      {
        target: `Broadcast of ${int(BROADCAST_RECIPIENTS)}: sent at ${THROUGHPUT}/s ± ${RATE_TOLERANCE * 100} % (${low}–${high}/s)`,
        met: big && big.tally.perSecond >= low && big.tally.perSecond <= high,
      },
      {
        target: `Broadcast of ${int(BROADCAST_RECIPIENTS)}: 0 duplicates and 0 missing in the outbox`,
        met: exactlyOnce(big?.tally),
      },
      ...(during?.verdicts.slice(0, 2).map((v) => ({
        ...v,
        target: `While a broadcast sends, ${v.target}`,
      })) ?? [{ target: 'While a broadcast sends, the team of 200', met: undefined }]),
      {
        target: `A kill -9 of Firestore and an api instance mid-broadcast of ${int(CRASH_RECIPIENTS)}: each recipient exactly one message`,
        met: exactlyOnce(crash?.tally),
      },
    ],
  };
}
