// The broadcasts' states as a dispatcher's sends check them just before going out: read from
// the database again once the newest answer is REFRESH_MS old, however many sends of a slot ask
// (at 80 a second, one read each would be 80 more reads a second for one answer). A send waits
// for that read only until its own time to start runs out, and then goes on the answer before
// it if that read began at most FRESH_MS ago: on a busy database a read took a fifth of a second
// and more, and the sends that waited for it came past their place in the second and were put
// off to a later slot (docs/benchmarks.md, the runs of session 51). Real time (the global
// `performance`), not the app's clock that tests set: it is how long ago the database said so.
import type { BroadcastState } from '../../contract/broadcasts';
import { stateOf } from './store';

/** A newer answer is read once the newest is this old: a pause stops the sends within it and a read. */
export const REFRESH_MS = 250;
/** A send never goes on an answer whose read began longer ago than this. */
export const FRESH_MS = 1_000;

type State = BroadcastState | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export function freshStates() {
  /** The newest answer of each broadcast, and when its read began. */
  const answered = new Map<string, { began: number; state: State }>();
  /** The read under way of each broadcast. */
  const reading = new Map<string, Promise<State>>();

  function read(id: string): Promise<State> {
    const began = performance.now();
    const state = stateOf(id)
      .then((answer) => {
        if ((answered.get(id)?.began ?? -Infinity) < began)
          answered.set(id, { began, state: answer });
        return answer;
      })
      .finally(() => {
        if (reading.get(id) === state) reading.delete(id);
      });
    reading.set(id, state);
    return state;
  }

  return {
    /**
     * The broadcast's state for a send that must start within `waitAtMostMs`: the newest answer
     * while younger than REFRESH_MS, else a newer read's, or, when that has not come in time,
     * the one before it if it began within FRESH_MS.
     */
    current(id: string, waitAtMostMs: number): Promise<State> {
      const at = performance.now();
      const last = answered.get(id);
      if (last && at - last.began < REFRESH_MS) return Promise.resolve(last.state);
      const newer = reading.get(id) ?? read(id);
      const lastHoldsFor = last ? last.began + FRESH_MS - at : 0;
      if (!last || lastHoldsFor <= 0) return newer;
      // A failed read fails only the sends that waited for it; handled here as well, so that
      // one nobody waited for does not end the process.
      newer.catch(() => undefined);
      return Promise.race([
        newer,
        sleep(Math.min(waitAtMostMs, lastHoldsFor)).then(() => last.state),
      ]);
    },
  };
}
