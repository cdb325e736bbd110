// When this process last saw the database answer, and when it last saw it fail to. Work that
// judges from something that did not happen meanwhile (Meta's status callback for a message: the
// webhook could not take it while the database was down) waits longer once the database is back;
// the health check (health/backends.ts) takes a recent answer as proof the database is up.
import { now } from './clock';

/**
 * The gRPC codes with which the Firestore client reports a call the database did not carry
 * through, through no fault of the request: UNAVAILABLE and DEADLINE_EXCEEDED, and what a
 * database going away mid-call gives (CANCELLED, UNKNOWN "stream removed", INTERNAL "RST_STREAM"),
 * and ABORTED (a transaction that kept losing to others). Each is worth the same call again.
 */
const UNAVAILABLE_CODES = new Set([1, 2, 4, 10, 13, 14]);

let troubleAt = Number.NEGATIVE_INFINITY;
/** A call failed since the database last answered this process (databaseAnswered). */
let unanswered = false;
/**
 * When the database last answered, on the machine's clock (Date.now), not the work's (clock.ts,
 * which tests may stop): the health check weighs real waits.
 */
let answeredAt = Number.NEGATIVE_INFINITY;

/** The database just failed to answer one of this process's calls (or its health check). */
export function noteDatabaseTrouble(): void {
  troubleAt = now();
  unanswered = true;
}

/**
 * The database answered one of this process's calls. Long work (a large import) and busy paths
 * (session checks, sign-in throttles, the dispatcher) call it as they go: a database busy with
 * them may answer a health check late (the local engine queues it behind their commits), and a
 * busy database is not a down one.
 *
 * The first answer after a failure counts as the trouble's last moment: a process that calls
 * seldom (the jobs, once a minute) may have seen only the start of an outage, while Meta's
 * callbacks count their doubling waits from its end, which came no later than this answer.
 */
export function databaseAnswered(): void {
  answeredAt = Date.now();
  if (!unanswered) return;
  unanswered = false;
  troubleAt = now();
}

/** True for a Firestore error that says the database could not be reached in time. */
function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' && UNAVAILABLE_CODES.has(code);
}

/** Notes the trouble when `err` says the database could not be reached; answers whether it did. */
export function noteIfDatabaseTrouble(err: unknown): boolean {
  const unavailable = isDatabaseUnavailable(err);
  if (unavailable) noteDatabaseTrouble();
  return unavailable;
}

/** True when the database answered one of this process's calls within the last `ms`. */
export const databaseAnsweredWithin = (ms: number): boolean => Date.now() - answeredAt < ms;

/** When the database last failed this process (ms since the epoch), or -Infinity. */
export const lastDatabaseTrouble = (): number => troubleAt;
