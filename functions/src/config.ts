// Typed access to the environment the functions run with. Read on each call (it is cheap) so
// tests and the local stack can set variables before the first use.

export interface Config {
  /** IANA time zone the company works in: day boundaries, "today", schedules. */
  timeZone: string;
  /** How long one /notifications/stream response lasts before it ends for a reconnect. */
  notificationStreamMaxMs: number;
}

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
/**
 * A stream ends well before any request timeout on the way (the api's is 540 s; a load
 * balancer's or proxy's may be 300 s), and never later.
 */
export const MAX_NOTIFICATION_STREAM_MS = 280_000;

export function getConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    timeZone: timeZone(nonEmpty(env.COMPANY_TIME_ZONE) ?? DEFAULT_TIME_ZONE),
    notificationStreamMaxMs: streamLifetime(nonEmpty(env.NOTIFICATION_STREAM_MAX_MS)),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** Names already checked: a check builds a formatter, and day keys read the config per call. */
const knownTimeZones = new Set<string>();

function timeZone(name: string): string {
  if (knownTimeZones.has(name)) return name;
  try {
    // Throws a RangeError for names the runtime's time zone database does not know.
    new Intl.DateTimeFormat('en-IN', { timeZone: name });
  } catch {
    throw new Error(`COMPANY_TIME_ZONE is not a known time zone: ${name}`);
  }
  knownTimeZones.add(name);
  return name;
}

function streamLifetime(value: string | undefined): number {
  if (value === undefined) return MAX_NOTIFICATION_STREAM_MS;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms < 1 || ms > MAX_NOTIFICATION_STREAM_MS)
    throw new Error(
      `NOTIFICATION_STREAM_MAX_MS must be a whole number of milliseconds from 1 to ${MAX_NOTIFICATION_STREAM_MS}: ${value}`,
    );
  return ms;
}
