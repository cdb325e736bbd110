// Sign-ins taking turns while the instance is busy (features/accounts/sign-in-turns.ts).
import { describe, expect, it } from 'vitest';
import {
  ALWAYS_RUNNING,
  PACE_MS,
  signInTurns,
  signInTurnsHere,
  type Turns,
} from '../../src/features/accounts/sign-in-turns';

/** A sign-in that ends when told to, recording when it started. */
function held(started: number[], n: number) {
  let end!: (value: number) => void;
  const done = new Promise<number>((resolve) => (end = resolve));
  return {
    work: () => {
      started.push(n);
      return done;
    },
    end: () => end(n),
  };
}

/** `count` sign-ins sent to `turns` at once, each held until told to end. */
function crowdAt(turns: Turns, count: number) {
  const started: number[] = [];
  const signIns = Array.from({ length: count }, (_, n) => held(started, n));
  const answers = signIns.map((s) => turns.take(s.work));
  return { started, signIns, answers };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('sign-in turns', () => {
  it('run a few at once; the rest start in the order they came as turns end', async () => {
    const turns = signInTurns(2);
    const { started, signIns, answers } = crowdAt(turns, 4);
    await settle();
    expect(started).toEqual([0, 1]);
    expect(turns.counts).toEqual({ running: 2, waiting: 2 });
    signIns[1].end();
    expect(await answers[1]).toBe(1);
    await settle();
    expect(started).toEqual([0, 1, 2]);
    signIns[0].end();
    signIns[2].end();
    await Promise.all([answers[0], answers[2]]);
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    signIns[3].end();
    expect(await answers[3]).toBe(3);
    expect(turns.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('let waiting sign-ins start beyond the few when the loop has room', async () => {
    const turns = signInTurns(1);
    const { started, signIns, answers } = crowdAt(turns, 4);
    await settle();
    turns.room(2);
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect(turns.counts).toEqual({ running: 3, waiting: 1 });
    signIns.forEach((s) => s.end());
    expect(await Promise.all(answers)).toEqual([0, 1, 2, 3]);
  });

  it('free the turn of a sign-in that fails, which still fails', async () => {
    const started: number[] = [];
    const turns = signInTurns(1);
    const failing = turns.take(() => Promise.reject(new Error('wrong password')));
    const next = held(started, 1);
    const answer = turns.take(next.work);
    await expect(failing).rejects.toThrow('wrong password');
    await settle();
    expect(started).toEqual([1]);
    next.end();
    expect(await answer).toBe(1);
  });

  it('tell when sign-ins start after none ran', async () => {
    let busy = 0;
    const turns = signInTurns(2, () => busy++);
    const first = held([], 0);
    const second = held([], 1);
    const answers = [turns.take(first.work), turns.take(second.work)];
    expect(busy).toBe(1);
    first.end();
    second.end();
    await Promise.all(answers);
    await turns.take(() => Promise.resolve(2));
    expect(busy).toBe(2);
  });

  it("in this instance, a crowd's sign-ins all run while the loop keeps up", async () => {
    // Sign-ins waiting on the network, as in production: the loop is free, so each of its
    // paces lets a few more start.
    const { started, signIns: crowd, answers } = crowdAt(signInTurnsHere, ALWAYS_RUNNING * 3);
    await settle();
    expect(started).toHaveLength(ALWAYS_RUNNING);
    await new Promise((resolve) => setTimeout(resolve, PACE_MS * 15));
    expect(started).toHaveLength(crowd.length);
    crowd.forEach((s) => s.end());
    await Promise.all(answers);
  });

  it('in this instance, beyond the few, sign-ins wait while the loop is held up', async () => {
    const { started, signIns: crowd, answers } = crowdAt(signInTurnsHere, ALWAYS_RUNNING * 3);
    // The loop busy (a long synchronous stretch each pace) as the instance's CPU is in a storm.
    const until = performance.now() + PACE_MS * 8;
    while (performance.now() < until) {
      const stretch = performance.now() + PACE_MS * 2;
      while (performance.now() < stretch);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(started).toHaveLength(ALWAYS_RUNNING);
    crowd.forEach((s) => s.end());
    await Promise.all(answers);
    expect(started).toHaveLength(crowd.length);
  });
});
