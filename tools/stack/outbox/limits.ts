// Meta's sending limits as the outbox plays them (WhatsApp Cloud API, "Throughput", "Messaging
// limits", error codes):
//  - throughput: messages a second per business number (80 by default); past it the send is
//    refused with 130429 until the rate is back within it. Played as a bucket of one second's
//    worth, refilled continuously, so a steady 80/s passes and a burst past a second's worth
//    does not;
//  - pair rate: about one message every 6 s to one user, short bursts allowed; more than
//    `pairBurst` sends to one user within `pairWindowMs` is refused with 131056;
//  - messaging limit: the unique users a business may start conversations with (templates sent
//    outside the user's 24-hour window) in a moving 24 hours. Meta documents no code of its own
//    for it; the outbox refuses with 131048, whose documented meaning ("restrictions on how many
//    messages can be sent from this phone number") is the nearest;
//  - marketing per-user limit: for the phones a test names, a marketing template is taken and
//    then fails by status callback with 131049, as Meta does (not charged, not to be retried at
//    once).
// Defaults are far above what an ordinary test or chat sends; tests set tighter ones through
// POST /control/limits.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GraphError } from './meta-rules.ts';

export interface MetaLimits {
  /** Messages a second per business number. */
  throughputPerSecond: number;
  /** Sends to one user allowed within `pairWindowMs`. */
  pairBurst: number;
  pairWindowMs: number;
  /** Unique users business-initiated conversations may reach in a moving 24 hours; 0: no limit. */
  messagingLimit: number;
  /** Phones whose marketing templates fail with 131049. */
  marketingCapped: string[];
}

export const DEFAULT_LIMITS: MetaLimits = {
  throughputPerSecond: 80,
  pairBurst: 10,
  pairWindowMs: 6_000,
  messagingLimit: 0,
  marketingCapped: [],
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why `limits` would refuse a part of the configuration, or undefined when it is usable. */
export function invalidLimits(input: Record<string, unknown>): string | undefined {
  const positive = ['throughputPerSecond', 'pairBurst', 'pairWindowMs'] as const;
  for (const key of positive)
    if (key in input && !(Number.isInteger(input[key]) && Number(input[key]) > 0))
      return `${key}: a whole number above 0`;
  if (
    'messagingLimit' in input &&
    !(Number.isInteger(input.messagingLimit) && Number(input.messagingLimit) >= 0)
  )
    return 'messagingLimit: a whole number, 0 for no limit';
  if (
    'marketingCapped' in input &&
    !(
      Array.isArray(input.marketingCapped) &&
      input.marketingCapped.every((p) => typeof p === 'string')
    )
  )
    return 'marketingCapped: a list of phone numbers';
  return undefined;
}

const digits = (phone: string) => phone.replace(/\D/g, '');

export interface LimitKeeper {
  limits(): MetaLimits;
  /** Merges a checked configuration in (see `invalidLimits`) and keeps it across restarts. */
  configure(input: Partial<MetaLimits>): MetaLimits;
  reset(): void;
  /**
   * Whether Meta would take a send to `to` now: a refusal, or undefined after counting the send.
   * `initiates` is true for a template to a user whose window is closed.
   */
  admit(to: string, initiates: boolean, now?: number): GraphError | undefined;
  /** Whether a marketing template to `to` fails with 131049. */
  marketingCapped(to: string): boolean;
}

/** The limits kept in `dir` (limits.json, and the users reached in initiated.jsonl). */
export function limitKeeper(dir: string): LimitKeeper {
  const configFile = path.join(dir, 'limits.json');
  const initiatedFile = path.join(dir, 'initiated.jsonl');
  let limits: MetaLimits = existsSync(configFile)
    ? { ...DEFAULT_LIMITS, ...(JSON.parse(readFileSync(configFile, 'utf8')) as object) }
    : { ...DEFAULT_LIMITS };
  let tokens = limits.throughputPerSecond;
  let refilledAt = Date.now();
  const recentByUser = new Map<string, number[]>();
  /** When each user reached by a business-initiated send was last reached. */
  const initiated = new Map<string, number>();
  if (existsSync(initiatedFile)) {
    for (const line of readFileSync(initiatedFile, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        const { to, at } = JSON.parse(line) as { to: string; at: number };
        if (at + DAY_MS > Date.now()) initiated.set(to, at);
      } catch {
        // A line cut by a crash mid-write: the rest are still read.
      }
    }
  }

  const refill = (now: number) => {
    const rate = limits.throughputPerSecond;
    tokens = Math.min(rate, tokens + ((now - refilledAt) / 1000) * rate);
    refilledAt = now;
  };

  return {
    limits: () => limits,
    configure(input) {
      limits = { ...limits, ...input };
      tokens = Math.min(tokens, limits.throughputPerSecond);
      writeFileSync(configFile, JSON.stringify(limits));
      return limits;
    },
    reset() {
      limits = { ...DEFAULT_LIMITS };
      tokens = limits.throughputPerSecond;
      refilledAt = Date.now();
      recentByUser.clear();
      initiated.clear();
      writeFileSync(configFile, JSON.stringify(limits));
      writeFileSync(initiatedFile, '');
    },
    admit(to, initiates, now = Date.now()) {
      refill(now);
      if (tokens < 1) return throughputError();
      const recent = (recentByUser.get(to) ?? []).filter((at) => at + limits.pairWindowMs > now);
      if (recent.length >= limits.pairBurst) return pairRateError();
      if (initiates && limits.messagingLimit > 0) {
        for (const [user, at] of initiated) if (at + DAY_MS <= now) initiated.delete(user);
        if (!initiated.has(to) && initiated.size >= limits.messagingLimit)
          return messagingLimitError(limits.messagingLimit);
      }
      tokens -= 1;
      recent.push(now);
      recentByUser.set(to, recent);
      if (initiates) {
        initiated.set(to, now);
        appendFileSync(initiatedFile, `${JSON.stringify({ to, at: now })}\n`);
      }
      return undefined;
    },
    marketingCapped: (to) => limits.marketingCapped.map(digits).includes(digits(to)),
  };
}

function throughputError(): GraphError {
  return {
    status: 400,
    code: 130429,
    message: '(#130429) Rate limit hit',
    details:
      'Cloud API message throughput has been reached. Messages will be accepted again once the rate is within the allowed throughput.',
  };
}

function pairRateError(): GraphError {
  return {
    status: 400,
    code: 131056,
    message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
    details:
      'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
  };
}

function messagingLimitError(limit: number): GraphError {
  return {
    status: 400,
    code: 131048,
    message: '(#131048) Spam rate limit hit',
    details: `Message failed to send because there are restrictions on how many messages can be sent from this phone number: the business has reached its messaging limit of ${limit} unique users in a moving 24 hours.`,
  };
}

/** The status callback's error of a marketing template Meta would not deliver (131049). */
export const MARKETING_CAPPED_ERROR = {
  code: 131049,
  title: 'This message was not delivered to maintain healthy ecosystem engagement.',
  message: 'This message was not delivered to maintain healthy ecosystem engagement.',
  error_data: {
    details:
      'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  },
};
