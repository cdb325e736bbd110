import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, for the end of a large load (before the server answers). Loading
 * the large size grows the heap to gigabytes; the collector's next full cycle then marks every
 * object of it, a step at a time on the thread that allocates, and without this it fell on the
 * first calls after a restart. Done here, it is part of the load, and the collector's next limit
 * is set from what the load left alive.
 */
export function collectGarbage(): void {
  let gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    // The documented way to reach the collector without starting Node with --expose-gc.
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
