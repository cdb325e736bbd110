// The broadcasts' section of BENCHMARKS.md and its targets, from tools/bench/run/broadcasts.ts's
// measurements: the pace is judged on the broadcast sent with no one else at work, the people's
// p95 on the one sent while the team's round runs (it yields to them: its pace there is shown).
import type { OutboxTally } from './broadcast-outbox.ts';
import { cpuSharesTable } from './cpu-shares.ts';
import {
  BROADCAST_RECIPIENTS,
  COUNT_MAX_MS,
  CRASH_RECIPIENTS,
  KILL_AT_SHARE,
  QUEUE_MAX_MS,
  RATE_TOLERANCE,
  STATUSES_MAX_MS,
  THROUGHPUT,
  type BigBroadcast,
  type BroadcastBench,
  type CrashBroadcast,
} from './broadcasts.ts';
import { teamSection, type TeamLoadResult } from './team-load.ts';

type Measured<T> = T | { error: string };

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-IN') : '–');
const seconds = (ms: number | undefined) =>
  ms === undefined ? 'not done' : `${(ms / 1000).toFixed(1)} s`;
const measured = <T extends object>(m: Measured<T>) => ('error' in m ? undefined : m);

function firstErrors(label: string, t: TeamLoadResult): string[] {
  if (t.firstErrors.length === 0) return [];
  return [`First errors of the team ${label}:`, '', ...t.firstErrors.map((e) => `- ${e}`), ''];
}

/** Each step's p50 and p95 alone again, while it sends and alone after, side by side. */
function stepLines(
  alone: TeamLoadResult,
  during: TeamLoadResult | undefined,
  after: TeamLoadResult,
): string[] {
  const ms = (n: number | undefined) => (n === undefined ? '–' : `${int(n)} ms`);
  const cells = (t: TeamLoadResult | undefined, name: string) => {
    const step = t?.steps.find((s) => s.name === name);
    return `${ms(step?.p50)} | ${ms(step?.p95)}`;
  };
  return [
    '| step of the round | alone again: p50 | p95 | while it sends: p50 | p95 | alone after: p50 | p95 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...alone.steps.map(
      ({ name }) =>
        `| ${name} | ${cells(alone, name)} | ${cells(during, name)} | ${cells(after, name)} |`,
    ),
    '',
  ];
}

function teamRow(label: string, t: TeamLoadResult): string {
  return `| ${label} | ${int(t.requests)} | ${t.perSecond.toFixed(1)} | ${int(t.p50)} ms | ${int(t.p95)} ms | ${int(t.p99)} ms | ${t.errors} |`;
}

function bigRow(label: string, big: Measured<BigBroadcast>): string {
  if ('error' in big) return `| ${label} | not measured: ${big.error} |`;
  const t = big.tally;
  return `| ${label} | ${int(big.recipients)} | ${int(big.countMs)} ms | ${seconds(big.queueMs)} | ${seconds(t.spanMs)} | ${t.perSecond.toFixed(1)} | ${seconds(big.doneMs)} | ${big.statusesMs === undefined ? `over ${STATUSES_MAX_MS / 60_000} min` : seconds(big.statusesMs)} | ${t.duplicates} | ${t.missing} | ${t.unknown} | ${t.failed} | ${t.retried} |`;
}

function paceLines(label: string, big: Measured<BigBroadcast>): string[] {
  const sent = measured(big);
  if (!sent) return [];
  return [
    `Messages the outbox took in each second from the first, ${label}: ${sent.tally.perSecondRuns.join(' ')}.`,
    '',
    ...(sent.notDone ? [`The broadcast ${label} was ${sent.notDone}.`, ''] : []),
  ];
}

function bigLines(r: BroadcastBench): string[] {
  return [
    '| broadcast | recipients | audience counted | all queued (start answered) | sending (first to last) | per second | done after start | every status in, after done | duplicates | missing | unknown | failed | tried again |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    bigRow('alone', r.big),
    bigRow('while the team works', r.bigWithTeam),
    '',
    ...paceLines('alone', r.big),
    ...paceLines('while the team works', r.bigWithTeam),
  ];
}

function crashLines(crash: Measured<CrashBroadcast>): string[] {
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

/** Missed when any measured broadcast had a duplicate or a missing recipient, else met if all ran. */
function exactlyOnce(...tallies: (OutboxTally | undefined)[]): boolean | undefined {
  const measuredOnes = tallies.filter((t) => t !== undefined);
  if (measuredOnes.some((t) => t.duplicates > 0 || t.missing > 0)) return false;
  return measuredOnes.length === tallies.length ? true : undefined;
}

/** The broadcasts' section of BENCHMARKS.md, and its targets. */
export function broadcastSection(r: BroadcastBench): {
  lines: string[];
  verdicts: { target: string; met: boolean | undefined }[];
} {
  const big = measured(r.big);
  const withTeam = measured(r.bigWithTeam);
  const crash = measured(r.crash);
  const low = THROUGHPUT * (1 - RATE_TOLERANCE);
  const high = THROUGHPUT * (1 + RATE_TOLERANCE);
  const during = r.teamDuring ? teamSection(r.teamDuring) : undefined;
  return {
    lines: [
      `## Broadcasts: ${int(BROADCAST_RECIPIENTS)} recipients, alone and while the team works`,
      '',
      `The newest ${int(BROADCAST_RECIPIENTS)} customers made before the bench's day (the list's "created from" and "to" filters, whole days: a few more), the marketing template \`season_offer\`, the settings' throughput ${THROUGHPUT}/s and no messaging limit; the outbox plays Meta's 80/s. Audience counted: \`POST /api/broadcasts/audience\`; all queued: \`POST /api/broadcasts/:id/start\`, which answers once every recipient is in the send queue; the pace, duplicates and missing from the outbox's own record of what it took (\`outbox.jsonl\`), set against the broadcast's recipients in the queue. Sent twice: first with no one else at work (the pace's row), then again to the same customers, as a new broadcast, while the team's round runs (the people's row). Each starts once the one before it is in: every message it sent counts as read (the outbox posts each send's statuses within 0.9 s; "every status in" is how long after its last send the webhooks had applied them all). While people wait the broadcast yields its share of the throughput to them (docs/broadcasts.md, "People first"), so its pace then is shown, not judged (docs/decisions/broadcast-sending.md).`,
      '',
      ...bigLines(r),
      `The team of 200's round (tools/bench/run/team-load.ts) alone twice (the first after the stack loaded or restarted, whose searches pay the engine's first reads of each word; then again, what the round costs without a broadcast), then while the second broadcast sends (the outbox's status callbacks reach the api's webhook meanwhile), and once more alone after it is done (on the data and the processes the two broadcasts left):`,
      '',
      '| team of 200 | requests | per second | p50 | p95 | p99 | errors |',
      '|---|---:|---:|---:|---:|---:|---:|',
      teamRow('alone, first round', r.teamFirst),
      teamRow('alone again', r.teamAlone),
      r.teamDuring ? teamRow('while it sends', r.teamDuring) : '| while it sends | not measured |',
      teamRow('alone after the broadcasts', r.teamAfter),
      '',
      ...stepLines(r.teamAlone, r.teamDuring, r.teamAfter),
      'Where the CPU went (from /proc: each process with those it started; `bench` plays the team and polls the broadcast; the broadcast alone from its start until every status was in):',
      '',
      ...cpuSharesTable([
        ['team alone again', r.cpu.teamAlone],
        ['broadcast alone', r.cpu.big],
        ['team while it sends', r.cpu.teamDuring],
        ['team alone after', r.cpu.teamAfter],
      ]),
      ...firstErrors('alone, first round', r.teamFirst),
      ...firstErrors('alone again', r.teamAlone),
      ...(r.teamDuring ? firstErrors('while it sends', r.teamDuring) : []),
      ...firstErrors('alone after the broadcasts', r.teamAfter),
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
        // A broadcast not done in time is missed, whatever the pace of what it sent.
        met: big && !big.notDone && big.tally.perSecond >= low && big.tally.perSecond <= high,
      },
      {
        target: `Broadcasts of ${int(BROADCAST_RECIPIENTS)}, alone and while the team works: 0 duplicates and 0 missing in the outbox`,
        met: exactlyOnce(big?.tally, withTeam?.tally),
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
