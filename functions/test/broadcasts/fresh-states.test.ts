// The states a dispatcher's sends check (fresh-states.ts): one read answers every send for
// REFRESH_MS; after that a send waits for a newer read only as long as it may, then goes on the
// answer before it, never on one whose read began past FRESH_MS ago. The reads are held here
// (the database's answers come when the test says), and time is the fake timers'.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BroadcastState } from '../../src/contract/broadcasts';
import { FRESH_MS, REFRESH_MS, freshStates } from '../../src/features/broadcasts/fresh-states';
import { stateOf } from '../../src/features/broadcasts/store';

vi.mock('../../src/features/broadcasts/store', () => ({ stateOf: vi.fn() }));

/** Each read of the state, answered when the test calls `answer`. */
let reads: { answer(state: BroadcastState): void; fail(err: Error): void }[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
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

/** A send's check, with what it answered so far (undefined: still waiting). */
function check(states: ReturnType<typeof freshStates>, waitAtMostMs: number) {
  const seen: { state?: BroadcastState; error?: Error } = {};
  states.current('b1', waitAtMostMs).then(
    (state) => (seen.state = state),
    (error: Error) => (seen.error = error),
  );
  return seen;
}

describe("the states a broadcast's sends check", () => {
  it('answers every send from one read until the answer is REFRESH_MS old', async () => {
    const states = freshStates();
    const first = check(states, 500);
    reads[0].answer('sending');
    await vi.advanceTimersByTimeAsync(0);
    expect(first.state).toBe('sending');
    await vi.advanceTimersByTimeAsync(REFRESH_MS - 10);
    const second = check(states, 500);
    await vi.advanceTimersByTimeAsync(0);
    expect(second.state).toBe('sending');
    expect(reads).toHaveLength(1);
  });

  it('waits for a newer read while it may, then goes on the answer before it', async () => {
    const states = freshStates();
    check(states, 500);
    reads[0].answer('sending');
    await vi.advanceTimersByTimeAsync(REFRESH_MS);
    // The answer is old enough to read again: this send waits up to 100 ms for the newer read.
    const hurried = check(states, 100);
    const patient = check(states, 500);
    expect(reads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(99);
    expect(hurried.state).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(hurried.state).toBe('sending');
    // The newer read says the broadcast was paused meanwhile: the send that could wait stops.
    reads[1].answer('paused');
    await vi.advanceTimersByTimeAsync(0);
    expect(patient.state).toBe('paused');
    // The next send goes on the newer answer, without a third read.
    const next = check(states, 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(next.state).toBe('paused');
    expect(reads).toHaveLength(2);
  });

  it('never goes on an answer whose read began more than FRESH_MS ago', async () => {
    const states = freshStates();
    check(states, 500);
    reads[0].answer('sending');
    await vi.advanceTimersByTimeAsync(FRESH_MS - 200);
    // The answer holds for 200 ms more, though this send could wait 500.
    const late = check(states, 500);
    await vi.advanceTimersByTimeAsync(200);
    expect(late.state).toBe('sending');
    // Past FRESH_MS, a send waits for the read however long it may wait.
    await vi.advanceTimersByTimeAsync(1);
    const stale = check(states, 10);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stale.state).toBeUndefined();
    reads[1].answer('cancelled');
    await vi.advanceTimersByTimeAsync(0);
    expect(stale.state).toBe('cancelled');
  });

  it('fails the sends that waited for a read that failed, and reads again for the next', async () => {
    const states = freshStates();
    const first = check(states, 500);
    reads[0].fail(new Error('the database is down'));
    await vi.advanceTimersByTimeAsync(0);
    expect(first.error?.message).toBe('the database is down');
    const next = check(states, 500);
    expect(reads).toHaveLength(2);
    reads[1].answer('sending');
    await vi.advanceTimersByTimeAsync(0);
    expect(next.state).toBe('sending');
  });
});
