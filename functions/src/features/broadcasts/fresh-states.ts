// The broadcasts' states as a dispatcher's sends check them just before going out: read from
// the database at most once per FRESH_MS per broadcast, however many sends of a slot ask (at
// 80 a second, one read each would be 80 more reads a second for one answer). Real time, not
// the clock tests move: it is how long ago the database said so.
import { performance } from 'node:perf_hooks';
import type { BroadcastState } from '../../contract/broadcasts';
import { stateOf } from './store';

/** How old a state a send may go on: a pause stops the sends within this and one read. */
export const FRESH_MS = 250;

export function freshStates() {
  const read = new Map<string, { at: number; state: Promise<BroadcastState | undefined> }>();
  return {
    current(id: string): Promise<BroadcastState | undefined> {
      const known = read.get(id);
      if (known && performance.now() - known.at < FRESH_MS) return known.state;
      const state = stateOf(id);
      read.set(id, { at: performance.now(), state });
      return state;
    },
  };
}
