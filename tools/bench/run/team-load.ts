// A team at work: many people at once, each signed in with their own session, going through
// lists, searches, the dashboard and new customers, for a fixed time. Measures what they wait
// for and checks that every customer the API acknowledged is stored exactly once.
import { mobile } from '../scale/people.ts';
import { apiClient, signIn, type Api, type ApiAnswer } from '../stack-api.ts';
import { CUSTOMERS_PAGE, DASHBOARD_PATHS, ENTRIES_PAGE } from './calls.ts';
import { percentile } from './measure.ts';

export interface TeamLoadResult {
  users: number;
  pauseMs: [number, number];
  seconds: number;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that were not 2xx, and calls that got no answer. */
  errors: number;
  firstErrors: string[];
  /** Customers whose creation was answered 201. */
  created: number;
  /** Of those, how many are stored exactly once (by their unique name). */
  storedOnce: number;
  /** Each step of the round: its calls' p50 and p95 (ms). */
  steps: { name: string; calls: number; p50: number; p95: number }[];
}

const SEARCHES = ['sharma', 'patel', 'dairy', 'kumar', 'steel', 'singh', 'agro', 'traders'];

const STEP_NAMES = [
  'customer list',
  'customer search',
  'entries',
  'dashboard',
  'new customer',
  'entry search',
];

interface Step {
  calls: Promise<ApiAnswer>[];
  /** The unique name of the customer the step creates. */
  creates?: string;
}

/** Numbers far from the generated book's and the import's; 100,000 per person of a team. */
const FIRST_TEAM_PHONE = 90_000_000;
const PHONES_PER_TEAM = 50_000_000;
let teamRuns = 0;

/**
 * A person's round: the customer list, a search, the entries, the dashboard (its calls at
 * once, as the page makes them), a new customer, an entry search. `user` keeps names and phone
 * numbers apart between people; `run` names and `phoneBase` numbers between team runs.
 */
function steps(api: Api, run: string, user: number, phoneBase: number): (() => Step)[] {
  let k = 0;
  // Each person starts at a different word, so a round's first minute asks for every word: a
  // team's first round after a load pays the engine's first read of each (about 15 s under the
  // round's load at the large size), and the rounds after it meet none.
  const search = () => encodeURIComponent(SEARCHES[(user + k++) % SEARCHES.length]);
  return [
    () => ({ calls: [api.call('GET', `/customers?limit=${CUSTOMERS_PAGE}`)] }),
    () => ({ calls: [api.call('GET', `/customers?limit=${CUSTOMERS_PAGE}&q=${search()}`)] }),
    () => ({ calls: [api.call('GET', `/entries?limit=${ENTRIES_PAGE}`)] }),
    () => ({ calls: DASHBOARD_PATHS.map((path) => api.call('GET', path)) }),
    () => {
      const n = k++;
      const name = `Team Load ${run} ${user}-${n}`;
      const phones = [mobile(phoneBase + user * 100_000 + n)];
      return { calls: [api.call('POST', '/customers', { names: [name], phones })], creates: name };
    },
    () => ({ calls: [api.call('GET', `/entries?limit=${ENTRIES_PAGE}&q=${search()}`)] }),
  ];
}

export async function teamLoad(
  baseUrl: string,
  accounts: { email: string; password: string }[],
  options: {
    users: number;
    durationMs: number;
    /** A person's pause after each step (ms, drawn evenly between the two): reading the page. */
    pauseMs: [number, number];
    /** The first name of every stored customer, to count the run's after it. */
    storedNames: () => Promise<string[]>;
  },
): Promise<TeamLoadResult> {
  const run = Date.now().toString(36);
  // The teams of one bench share the stack: each takes numbers of its own (the 200's first
  // customers once met the 50's, and were refused as theirs).
  const phoneBase = FIRST_TEAM_PHONE + teamRuns++ * PHONES_PER_TEAM;
  const latencies: number[] = [];
  const byStep = new Map<string, number[]>();
  const firstErrors: string[] = [];
  let errors = 0;
  const created: string[] = [];
  const timed = async (answer: Promise<{ status: number; text: string }>, what: string) => {
    const started = performance.now();
    const took = () => {
      const ms = performance.now() - started;
      latencies.push(ms);
      if (!byStep.has(what)) byStep.set(what, []);
      byStep.get(what)!.push(ms);
    };
    try {
      const res = await answer;
      took();
      if (res.status < 200 || res.status >= 300) {
        errors++;
        if (firstErrors.length < 5)
          firstErrors.push(`${what}: ${res.status} ${res.text.slice(0, 120)}`);
      }
      return res;
    } catch (err) {
      took();
      errors++;
      if (firstErrors.length < 5) firstErrors.push(`${what}: ${String(err)}`);
      return undefined;
    }
  };

  const started = Date.now();
  const person = async (u: number) => {
    const account = accounts[u % accounts.length];
    const token = await timed(
      signIn(baseUrl, account.email, account.password).then((t) => ({ status: 200, text: t })),
      'sign-in',
    );
    if (!token) return;
    const work = steps(apiClient(baseUrl, token.text), run, u, phoneBase);
    // People start at different points of the round, so the mix is even from the start.
    for (let i = u; Date.now() - started < options.durationMs; i++) {
      const step = work[i % work.length]();
      const name = STEP_NAMES[i % work.length];
      const answers = await Promise.all(step.calls.map((c) => timed(c, name)));
      if (step.creates && answers[0]?.status === 201) created.push(step.creates);
      const [least, most] = options.pauseMs;
      await new Promise((r) => setTimeout(r, least + Math.random() * (most - least)));
    }
  };
  await Promise.all(Array.from({ length: options.users }, (_, u) => person(u)));
  const seconds = (Date.now() - started) / 1000;

  const stored = (await options.storedNames()).filter((n) => n.startsWith(`Team Load ${run} `));
  const counts = new Map<string, number>();
  for (const n of stored) counts.set(n, (counts.get(n) ?? 0) + 1);
  return {
    users: options.users,
    pauseMs: options.pauseMs,
    seconds,
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    firstErrors,
    created: created.length,
    storedOnce: created.filter((n) => counts.get(n) === 1).length,
    steps: ['sign-in', ...STEP_NAMES].map((name) => {
      const times = byStep.get(name) ?? [];
      return { name, calls: times.length, p50: percentile(times, 50), p95: percentile(times, 95) };
    }),
  };
}

/** The 50-user section of BENCHMARKS.md, and its targets. */
export function teamSection(team: TeamLoadResult): {
  lines: string[];
  verdicts: { target: string; met: boolean }[];
} {
  const ms = (n: number) => `${Math.round(n).toLocaleString('en-IN')} ms`;
  return {
    lines: [
      `## A team at once: ${team.users} users for ${Math.round(team.seconds)} s`,
      '',
      `Each user signs in with their own account (one admin in ten, the rest sales) and session, then goes round the customer list, a customer search, the entries, the dashboard (its ${DASHBOARD_PATHS.length} call(s), as the page makes them), a new customer and an entry search, starting at different points of the round and pausing ${team.pauseMs[0] / 1000}–${team.pauseMs[1] / 1000} s after each step to read what came back (with no pause, ${team.users} users would be ${team.users} calls always in flight: each would wait about ${team.users} / throughput, whatever the server). Latency per call through the front, as the browser calls.`,
      '',
      '| requests | per second | p50 | p95 | p99 | errors | customers created (201) | stored exactly once |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| ${team.requests.toLocaleString('en-IN')} | ${team.perSecond.toFixed(1)} | ${ms(team.p50)} | ${ms(team.p95)} | ${ms(team.p99)} | ${team.errors} | ${team.created} | ${team.storedOnce} |`,
      '',
      '| step of the round | calls | p50 | p95 |',
      '|---|---:|---:|---:|',
      ...team.steps.map((s) => `| ${s.name} | ${s.calls} | ${ms(s.p50)} | ${ms(s.p95)} |`),
      '',
      ...(team.firstErrors.length > 0
        ? ['First errors:', '', ...team.firstErrors.map((e) => `- ${e}`), '']
        : []),
    ],
    verdicts: [
      { target: `${team.users} users at once: p95 ≤ 1,000 ms`, met: team.p95 <= 1_000 },
      { target: `${team.users} users at once: no errors or time-outs`, met: team.errors === 0 },
      {
        target: `${team.users} users at once: every acknowledged create stored exactly once`,
        met: team.storedOnce === team.created,
      },
    ],
  };
}
