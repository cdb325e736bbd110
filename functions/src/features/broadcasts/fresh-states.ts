// The broadcasts' states as a dispatcher's sends check them just before going out: read from
// the database again once the newest answer is REFRESH_MS old, however many sends of a slot ask
// (at 80 a second, one read each would be 80 more reads a second for one answer). A send waits
// for that read only as long as its place in the second allows, and then goes on the answer
// before it if that read began at most FRESH_MS ago: on a busy database a read took a fifth of
// a second and more, and the sends that waited for it came past their place in the second and
// were put off to a later slot (docs/benchmarks.md, the runs of session 51). Real time (the
// global `performance`), not the app's clock that tests set: it is how long ago the database
// said so.
import type { BroadcastState } from '../../contract/broadcasts';
import { DeadlineError, withDeadline } from '../../deadline';
import { stateOf } from './store';

/** A newer answer is read once the newest is this old. */
export const REFRESH_MS = 250;
/**
 * A send never goes on an answer whose read began longer ago than this, and a read under way
 * this long is taken for stuck (another begins beside it).
 */
export const FRESH_MS = 1_000;

type State = BroadcastState | undefined;
interface Read<T> {
  began: number;
  state: T;
}

export function freshStates() {
  const answered = new Map<string, Read<State>>();
  const reading = new Map<string, Read<Promise<State>>>();

  function read(id: string): Promise<State> {
    const began = performance.now();
    const state = stateOf(id).then((answer) => {
      // Reads may overlap (one taken for stuck): the one begun last stands.
      if ((answered.get(id)?.began ?? -Infinity) < began)
        answered.set(id, { began, state: answer });
      return answer;
    });
    const under = { began, state };
    reading.set(id, under);
    const done = () => {
      if (reading.get(id) === under) reading.delete(id);
    };
    state.then(done, done);
    return state;
  }

  /** The newest answer, while its read began at most FRESH_MS ago. */
  function stillFresh(id: string): Read<State> | undefined {
    const known = answered.get(id);
    return known && performance.now() - known.began <= FRESH_MS ? known : undefined;
  }

  return {
    /**
     * The broadcast's state for a send that must begin within `waitAtMostMs`: the newest answer
     * while younger than REFRESH_MS, else a newer read's if it comes in time, else the answer
     * before it while fresh; undefined when nothing fresh is known in time (the send waits for a
     * later slot). A failed read fails the send only when no fresh answer is left to go on.
     */
    current(id: string, waitAtMostMs: number): Promise<State> {
      const at = performance.now();
      const last = answered.get(id);
      if (last && at - last.began < REFRESH_MS) return Promise.resolve(last.state);
      const running = reading.get(id);
      const newer = running && at - running.began < FRESH_MS ? running.state : read(id);
      return withDeadline(newer, Math.max(0, waitAtMostMs), 'The broadcast state').catch(
        (err: unknown) => {
          const fresh = stillFresh(id);
          if (fresh) return fresh.state;
          if (err instanceof DeadlineError) return undefined;
          throw err;
        },
      );
    },
  };
}
