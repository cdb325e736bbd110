// What a dispatcher does every few seconds besides planning its slots (renewing its lease,
// settling the claims a dead sender left), run beside the plans rather than before one: a plan
// must take its slot before that second begins, and on a busy database each of a chore's calls
// adds a fifth of a second and more to the plan it goes before: a plan that takes past its
// second leaves that second unused (docs/benchmarks.md, the runs of session 53).
import * as logger from 'firebase-functions/logger';
import { now } from '../../clock';
import { noteIfDatabaseTrouble } from '../../database-trouble';

export interface Chore {
  /**
   * Starts the chore when `everyMs` have passed since its last run ended and none is under way;
   * throws what the last run threw, so a chore's failure ends the dispatcher's run as it did
   * when it ran in line.
   */
  tick(): void;
  /** Whether a run is under way. */
  running(): boolean;
  /** Resolves once no run is under way (a run's failure is left to `tick`). */
  settled(): Promise<void>;
}

/**
 * `work`, repeated every `everyMs` (the app's clock) by `tick`; `lastEndedAt` is when it last
 * ran (never: the first tick starts it).
 */
export function chore(
  name: string,
  everyMs: number,
  work: () => Promise<void>,
  lastEndedAt = -Infinity,
): Chore {
  let endedAt = lastEndedAt;
  let under: Promise<void> | undefined;
  let failure: { err: unknown } | undefined;
  return {
    tick() {
      if (failure) throw failure.err;
      if (under || now() - endedAt <= everyMs) return;
      under = work()
        .then(
          () => {
            endedAt = now();
          },
          (err: unknown) => {
            noteIfDatabaseTrouble(err);
            logger.error(`The broadcast dispatcher's ${name} failed`, err);
            failure = { err };
          },
        )
        .finally(() => {
          under = undefined;
        });
    },
    running: () => under !== undefined,
    settled: () => under ?? Promise.resolve(),
  };
}
