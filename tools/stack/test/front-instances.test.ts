import { describe, expect, it } from 'vitest';
import { instancePicker } from '../front.ts';

describe("the front's choice of api instance", () => {
  it('takes turns among idle instances, so each is warm when a crowd comes', () => {
    const pick = instancePicker([5001, 5002]);
    const ports = Array.from({ length: 4 }, () => {
      const instance = pick();
      instance.done();
      return instance.port;
    });
    expect(ports).toEqual([5001, 5002, 5001, 5002]);
  });

  it('sends a request to the instance with the fewest in flight', () => {
    const pick = instancePicker([5001, 5002]);
    const slow = [pick(), pick(), pick()];
    expect(slow.map((i) => i.port)).toEqual([5001, 5002, 5001]);
    // 5001 holds two, 5002 one: the next two go to 5002 while those run.
    expect(pick().port).toBe(5002);
    slow[0].done();
    slow[2].done();
    // 5001 is idle now, 5002 holds two.
    expect(pick().port).toBe(5001);
  });

  it('counts a request once, however often it reports its end', () => {
    const pick = instancePicker([5001, 5002]);
    const first = pick();
    first.done();
    first.done();
    const held = pick(); // 5002 in turn
    expect(held.port).toBe(5002);
    expect(pick().port).toBe(5001);
  });
});
