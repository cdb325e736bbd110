// Sign-ins take turns while the instance is busy. A sign-in is an instance's costliest call (the
// throttle's read and write, Firebase's password check, the session's transaction), and a floor
// signing in at once would otherwise interleave its steps with every call of the people already
// in, slowing all of them to the pace of the crowd. So a few sign-ins always run; more start only
// while the event loop keeps up (a timer fires about on time), a few at a time, and the others
// wait in the order they came. Where a sign-in waits mostly on the network (production) the loop
// keeps up, and a crowd goes through about as fast as without turns. Figures: docs/benchmarks.md.

/** Sign-ins that always run at once. */
export const ALWAYS_RUNNING = 4;
/** How often the loop's pace is looked at, while sign-ins run or wait. */
export const PACE_MS = 20;
/** A timer this late means the loop has no room for more sign-ins than ALWAYS_RUNNING. */
export const BUSY_LAG_MS = 10;

export interface Turns {
  /** Runs `work` in its turn: at once while few run, else when `room` lets it start. */
  take<T>(work: () => Promise<T>): Promise<T>;
  /** Lets up to `count` waiting sign-ins start beyond ALWAYS_RUNNING (the loop has room). */
  room(count: number): void;
  /** Sign-ins running and waiting now. */
  readonly counts: { running: number; waiting: number };
}

/** The turns themselves; `onBusy` is told when sign-ins start running or waiting (none were). */
export function signInTurns(always: number, onBusy: () => void = () => {}): Turns {
  let running = 0;
  const waiting: (() => void)[] = [];
  const start = () => {
    running++;
    waiting.shift()!();
  };
  return {
    async take(work) {
      if (running === 0 && waiting.length === 0) onBusy();
      if (running < always) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        running--;
        while (running < always && waiting.length > 0) start();
      }
    },
    room(count) {
      for (let n = 0; n < count && waiting.length > 0; n++) start();
    },
    get counts() {
      return { running, waiting: waiting.length };
    },
  };
}

/**
 * This instance's turns, with the timer that watches the loop's pace while sign-ins run or
 * wait (and stops when none do).
 */
function instanceTurns(): Turns {
  let timer: NodeJS.Timeout | undefined;
  let last = 0;
  const turns = signInTurns(ALWAYS_RUNNING, () => {
    if (timer) return;
    last = performance.now();
    timer = setInterval(() => {
      const now = performance.now();
      const lag = now - last - PACE_MS;
      last = now;
      if (lag < BUSY_LAG_MS) turns.room(ALWAYS_RUNNING);
      const { running, waiting } = turns.counts;
      if (running === 0 && waiting === 0) {
        clearInterval(timer);
        timer = undefined;
      }
    }, PACE_MS);
    timer.unref();
  });
  return turns;
}

export const signInTurnsHere = instanceTurns();
