// Issue 45's broadcast rows: the team of 200's round alone twice (the first after a load or
// restart pays the engine's first reads of each searched word); a broadcast to the newest 10,000
// customers with no one else at work (audience counted, all queued, sent at the settings' 80 a
// second, each recipient exactly once in the outbox's own record); a second one to them while the
// team's round runs (the people's p95: the broadcast yields to them, "People first" in
// docs/broadcasts.md, so its pace there is shown, not judged); then a broadcast to 2,000 during
// which the embedded Firestore and the api instance running its dispatcher are killed (SIGKILL):
// after recovery every recipient has exactly one message. docs/decisions/broadcast-sending.md
// says why the pace is judged on the broadcast sent alone.
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { lastCallbackRefusal, silenceTellsAt } from '../../../functions/src/app/seeding.ts';
import { apiClient, type Api } from '../stack-api.ts';
import { tallyOutbox, outboxTook, type OutboxTally } from './broadcast-outbox.ts';
import { measuringCpu, type CpuShares } from './cpu-shares.ts';
import type { TeamLoadResult } from './team-load.ts';

export const BROADCAST_RECIPIENTS = 10_000;
export const CRASH_RECIPIENTS = 2_000;
export const THROUGHPUT = 80;
export const COUNT_MAX_MS = 2_000;
export const QUEUE_MAX_MS = 30_000;
export const RATE_TOLERANCE = 0.1;
/** The share of the crash broadcast the outbox has taken when the kills come. */
export const KILL_AT_SHARE = 0.3;
/** How long a broadcast may take past its paced time before the row gives up on it. */
const SETTLE_GRACE_MS = 12 * 60_000;
/**
 * The crash row waits longer when the rule for the killed sender's claims needs it (their
 * judgement comes later the longer the outage: silenceTellsAt), and then this much for the
 * dispatcher to settle and send them; in all at most CRASH_WAIT_MAX_MS after the kills.
 */
const JUDGED_GRACE_MS = 2 * 60_000;
const CRASH_WAIT_MAX_MS = 30 * 60_000;
/** The judging process (the jobs') calls once a minute: it sees the database back that late. */
const JOB_TICK_MS = 60_000;
/** How long the bench's read of the latest refused callback may take. */
const REFUSAL_READ_MS = 10_000;
const POLL_MS = 2_000;
/**
 * How long the bench waits after a broadcast's last send for the webhooks to have applied every
 * status the outbox posts (read 0.9 s after each send), before the next measure starts.
 */
export const STATUSES_MAX_MS = 3 * 60_000;
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
  /**
   * From done until every message sent counted as read (the webhooks had applied the outbox's
   * status callbacks); undefined when they had not within STATUSES_MAX_MS.
   */
  statusesMs: number | undefined;
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
  /** The broadcast to the newest 10,000 with no one else at work. */
  big: BigBroadcast | { error: string };
  /** The same audience again, while the team's round runs. */
  bigWithTeam: BigBroadcast | { error: string };
  /** The round alone, first after the stack loaded (or restarted). */
  teamFirst: TeamLoadResult;
  /** The round alone again: what the round costs the stack without a broadcast. */
  teamAlone: TeamLoadResult;
  teamDuring: TeamLoadResult | undefined;
  /**
   * The round alone once more after the second broadcast is done: told apart from the round
   * while it sent, what the sending took from the people and what the data and the process
   * state it left behind (10,000 more messages each) cost them.
   */
  teamAfter: TeamLoadResult;
  /**
   * The CPU each process used over the round alone again, over the broadcast alone (from its
   * start until every status was in), over the round while the second one sent and after it.
   */
  cpu: { teamAlone: CpuShares; big?: CpuShares; teamDuring?: CpuShares; teamAfter: CpuShares };
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

/** The broadcast's state and counts as GET /broadcasts/:id answers them; undefined unanswered. */
async function broadcastNow(
  api: Api,
  id: string,
): Promise<{ state: string; counts?: Record<string, number> } | undefined> {
  const answer = await api.call('GET', `/broadcasts/${id}`).catch(() => undefined);
  return answer?.status === 200 ? json(answer.text) : undefined;
}

/**
 * Waits until the broadcast is done (calls that fail meanwhile, as in a restart, are retried);
 * answers why not when it was not done by `deadline` (ms since the epoch, asked at each poll,
 * told whether the poll was answered).
 */
async function untilDone(
  api: Api,
  id: string,
  deadline: (answered: boolean) => Promise<number>,
): Promise<string | undefined> {
  const from = Date.now();
  for (;;) {
    const body = await broadcastNow(api, id);
    if (body?.state === 'done') return undefined;
    const stopped = ['cancelled', 'paused', 'waiting'].includes(body?.state ?? '');
    if (stopped || Date.now() > (await deadline(body !== undefined)))
      return `not done within ${Math.round((Date.now() - from) / 1000)} s: ${body?.state ?? 'no answer'} ${JSON.stringify(body?.counts ?? {})}`;
    await sleep(POLL_MS);
  }
}

/**
 * Waits until every message the broadcast sent counts as read: the webhooks have
 * applied the statuses the outbox posted after the sends, so the next measure starts on a stack
 * that no longer works off this broadcast. Answers how long that took, undefined past `maxMs`.
 */
async function untilStatusesIn(api: Api, id: string, maxMs: number): Promise<number | undefined> {
  const from = performance.now();
  for (;;) {
    const counts = (await broadcastNow(api, id))?.counts;
    if (counts && counts.read >= counts.sent) return performance.now() - from;
    if (performance.now() - from > maxMs) return undefined;
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

/** The paced time from `from` and the grace. */
const graceAfter = (from: number, recipients: number) => async () =>
  from + pacedMs(recipients) + SETTLE_GRACE_MS;

/**
 * After kills at `killedAt`: the paced time and the grace, or, when later, the moment the rule
 * judges a claim made at the kills, and the time to send what it judged; at most
 * CRASH_WAIT_MAX_MS after the kills. The trouble's last moment, as the rule takes it, is the
 * later of the webhooks' latest refused callback and when the judging process first has an
 * answer again (no earlier than the bench's first, and up to a job's tick after it). The
 * deadline only ever moves later: a read that fails or hangs does not cut the wait short.
 */
function judgedAfter(killedAt: number, recipients: number) {
  let deadline = killedAt + pacedMs(recipients) + SETTLE_GRACE_MS;
  let answeredAgainAt: number | undefined;
  return async (answered: boolean) => {
    if (answered) answeredAgainAt ??= Date.now();
    const refused = await within(
      lastCallbackRefusal(),
      REFUSAL_READ_MS,
      'the latest refusal',
    ).catch(() => Number.NEGATIVE_INFINITY);
    const troubleAt = Math.max(refused, (answeredAgainAt ?? Date.now()) + JOB_TICK_MS);
    deadline = Math.max(deadline, silenceTellsAt(killedAt, troubleAt) + JUDGED_GRACE_MS);
    return Math.min(deadline, killedAt + CRASH_WAIT_MAX_MS);
  };
}

/** A broadcast to the newest 10,000, from its count until done, while `meanwhile` runs. */
async function bigBroadcast<T>(
  o: BroadcastBenchOptions,
  api: Api,
  name: string,
  meanwhile: () => Promise<T>,
): Promise<{ big: BigBroadcast; meanwhile: T }> {
  const made = await makeBroadcast(api, name, BROADCAST_RECIPIENTS);
  o.log(`${name}: ${made.audienceCount} counted in ${Math.round(made.countMs)} ms; starting…`);
  const started = performance.now();
  await api.ok('POST', `/broadcasts/${made.id}/start`);
  const queueMs = performance.now() - started;
  o.log(`queued in ${Math.round(queueMs)} ms; sending…`);
  const [during, notDone] = await Promise.all([
    meanwhile(),
    untilDone(api, made.id, graceAfter(Date.now(), made.audienceCount)),
  ]);
  const doneMs = notDone ? undefined : performance.now() - started;
  const statusesMs = await untilStatusesIn(api, made.id, STATUSES_MAX_MS);
  const tally = await tallyOutbox(o.outboxFile, made.id);
  o.log(
    `${notDone ?? 'done'}; ${tally.messages} sent at ${tally.perSecond.toFixed(1)}/s; ` +
      `every status in ${statusesMs === undefined ? `not within ${STATUSES_MAX_MS / 60_000} min` : `${Math.round(statusesMs / 1000)} s`} after`,
  );
  return {
    big: {
      recipients: made.audienceCount,
      countMs: made.countMs,
      queueMs,
      doneMs,
      notDone,
      statusesMs,
      tally,
    },
    meanwhile: during,
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
  const notDone = await untilDone(api, made.id, judgedAfter(Date.now(), made.audienceCount));
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
  const alone = await measuringCpu(o.pids, o.team);
  const big = await measuringCpu(o.pids, () =>
    bigBroadcast(o, api, 'Bench: the newest customers', async () => {}),
  ).catch(failed);
  const withTeam = await bigBroadcast(o, api, 'Bench: while the team works', () =>
    measuringCpu(o.pids, o.team),
  ).catch(failed);
  o.log('the team of 200 alone after the broadcasts…');
  const after = await measuringCpu(o.pids, o.team);
  const crash = await crashBroadcast(o, apiClient(o.url, await signInAgain(o))).catch(failed);
  const during = 'error' in withTeam ? undefined : withTeam.meanwhile;
  return {
    big: 'error' in big ? big : big.result.big,
    bigWithTeam: 'error' in withTeam ? withTeam : withTeam.big,
    teamFirst,
    teamAlone: alone.result,
    teamDuring: during?.result,
    teamAfter: after.result,
    cpu: {
      teamAlone: alone.cpu,
      big: 'error' in big ? undefined : big.cpu,
      teamDuring: during?.cpu,
      teamAfter: after.cpu,
    },
    crash,
  };
}
