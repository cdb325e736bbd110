// The states a dispatcher's sends check (fresh-states.ts): one read answers every send for
// REFRESH_MS; after that a send waits for a newer read only as long as it may, then goes on the
// answer before it while that read began within FRESH_MS, else on nothing (it waits for a later
// slot). The reads are held here (the database answers when the test says), and time is the
// fake timers'.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BroadcastState } from '../../src/contract/broadcasts';
import { FRESH_MS, REFRESH_MS, freshStates } from '../../src/features/broadcasts/fresh-states';
import { stateOf } from '../../src/features/broadcasts/store';

vi.mock('../../src/features/broadcasts/store', () => ({ stateOf: vi.fn() }));

/** Each read of the state, answered when the test says. */
let reads: { answer(state: BroadcastState): void; fail(err: Error): void }[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  reads = [];
  vi.mocked(stateOf).mockImplementation(
    () =>
      new Promise((resolve, reject) => {
        reads.push({ answer: resolve, fail: reject });
      }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(stateOf).mockReset();
});

/** A send's check, and what it answered so far (`settled` false: still waiting). */
function check(states: ReturnType<typeof freshStates>, waitAtMostMs: number) {
  const seen: { settled: boolean; state?: BroadcastState; error?: Error } = { settled: false };
  states.current('b1', waitAtMostMs).then(
    (state) => Object.assign(seen, { settled: true, state }),
    (error: Error) => Object.assign(seen, { settled: true, error }),
  );
  return seen;
}

/** A state whose first read answered `state` at the fake time 0. */
async function answeredAtStart(state: BroadcastState) {
  const states = freshStates();
  const first = check(states, 500);
  reads[0].answer(state);
  await vi.advanceTimersByTimeAsync(0);
  expect(first).toMatchObject({ settled: true, state });
  return states;
}

describe("the states a broadcast's sends check", () => {
  it('answers every send from one read until the answer is REFRESH_MS old, then reads again', async () => {
    const states = await answeredAtStart('sending');
    await vi.advanceTimersByTimeAsync(REFRESH_MS - 10);
    const second = check(states, 500);
    await vi.advanceTimersByTimeAsync(0);
    expect(second).toMatchObject({ settled: true, state: 'sending' });
    expect(reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10);
    check(states, 500);
    expect(reads).toHaveLength(2);
  });

  it('waits for a newer read while it may, then goes on the answer before it', async () => {
    const states = await answeredAtStart('sending');
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    const hurried = check(states, 100);
    const patient = check(states, 500);
    expect(reads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(99);
    expect(hurried.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(hurried).toMatchObject({ settled: true, state: 'sending' });
    // The newer read says the broadcast was paused meanwhile: the send that could wait stops,
    // and so does the next, without a third read.
    reads[1].answer('paused');
    await vi.advanceTimersByTimeAsync(0);
    expect(patient).toMatchObject({ settled: true, state: 'paused' });
    const next = check(states, 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toMatchObject({ settled: true, state: 'paused' });
    expect(reads).toHaveLength(2);
  });

  it('never goes on an answer whose read began more than FRESH_MS ago', async () => {
    const states = await answeredAtStart('sending');
    await vi.advanceTimersByTimeAsync(FRESH_MS - 100);
    // Its wait ends when the answer before is past FRESH_MS: nothing fresh is known in time.
    const late = check(states, 500);
    await vi.advanceTimersByTimeAsync(500);
    expect(late).toMatchObject({ settled: true, state: undefined });
    // The newer read (begun with that send) answers: the next send goes on it.
    reads[1].answer('cancelled');
    const next = check(states, 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(next).toMatchObject({ settled: true, state: 'cancelled' });
    expect(reads).toHaveLength(2);
  });

  it('goes on a fresh answer when the newer read fails, and fails only with none left', async () => {
    const states = await answeredAtStart('sending');
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    const whileFresh = check(states, 500);
    reads[1].fail(new Error('the database is down'));
    await vi.advanceTimersByTimeAsync(0);
    expect(whileFresh).toMatchObject({ settled: true, state: 'sending' });
    await vi.advanceTimersByTimeAsync(FRESH_MS);
    const stale = check(states, 500);
    reads[2].fail(new Error('the database is still down'));
    await vi.advanceTimersByTimeAsync(0);
    expect(stale.settled).toBe(true);
    expect(stale.error?.message).toBe('the database is still down');
  });

  it('begins another read beside one under way past FRESH_MS', async () => {
    const states = freshStates();
    const first = check(states, 200);
    await vi.advanceTimersByTimeAsync(200);
    expect(first).toMatchObject({ settled: true, state: undefined });
    expect(reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(FRESH_MS);
    const second = check(states, 200);
    expect(reads).toHaveLength(2);
    reads[1].answer('sending');
    await vi.advanceTimersByTimeAsync(0);
    expect(second).toMatchObject({ settled: true, state: 'sending' });
    // The stuck read answering at last does not stand over the newer one.
    reads[0].answer('paused');
    await vi.advanceTimersByTimeAsync(0);
    const third = check(states, 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(third).toMatchObject({ settled: true, state: 'sending' });
  });
});
