// A dispatcher's chores (chores.ts): started by a tick when due, one run at a time, never
// waited on by the tick; a run's failure ends the dispatcher's run at the next tick. The work
// is held here (it ends when the test says) and the app's clock is the test's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../src/clock';
import { chore } from '../../src/features/broadcasts/chores';

vi.mock('firebase-functions/logger', () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn() }));

let clock = 0;
setClock(() => clock);
afterEach(() => {
  clock = 0;
});

/** Work that ends when the test says, counting its runs. */
function heldWork() {
  const runs: { end(): void; fail(err: Error): void }[] = [];
  const work = () =>
    new Promise<void>((resolve, reject) => runs.push({ end: resolve, fail: reject }));
  return { runs, work };
}

describe("a dispatcher's chore", () => {
  it('starts on the first tick without waiting for it, and not again while it runs', async () => {
    const { runs, work } = heldWork();
    const recovery = chore('recovery', 5_000, work);
    recovery.tick();
    expect(runs).toHaveLength(1);
    expect(recovery.running()).toBe(true);
    clock += 60_000;
    recovery.tick();
    expect(runs).toHaveLength(1);
    runs[0].end();
    await recovery.settled();
    expect(recovery.running()).toBe(false);
  });

  it('runs again only once its interval has passed since the last run ended', async () => {
    const { runs, work } = heldWork();
    const renewal = chore('renewal', 5_000, work, clock);
    renewal.tick();
    expect(runs).toHaveLength(0);
    clock += 5_001;
    renewal.tick();
    expect(runs).toHaveLength(1);
    clock += 3_000;
    runs[0].end();
    await renewal.settled();
    clock += 4_000;
    renewal.tick();
    expect(runs).toHaveLength(1);
    clock += 1_001;
    renewal.tick();
    expect(runs).toHaveLength(2);
    runs[1].end();
    await renewal.settled();
  });

  it("throws a run's failure at the next tick, and keeps throwing it", async () => {
    const { runs, work } = heldWork();
    const recovery = chore('recovery', 5_000, work);
    recovery.tick();
    runs[0].fail(new Error('14 UNAVAILABLE: the database is down'));
    await recovery.settled();
    expect(() => recovery.tick()).toThrow(/UNAVAILABLE/);
    clock += 60_000;
    expect(() => recovery.tick()).toThrow(/UNAVAILABLE/);
    expect(runs).toHaveLength(1);
  });
});
