import { describe, expect, it } from 'vitest';
import { apiInstances, REFUSED_REST_MS } from '../api-instances.ts';

describe("the front's choice of api instance", () => {
  it('takes turns among idle instances, so each is warm when a crowd comes', () => {
    const instances = apiInstances([5001, 5002]);
    const ports = Array.from({ length: 4 }, () => {
      const instance = instances.pick();
      instance.done();
      return instance.port;
    });
    expect(ports).toEqual([5001, 5002, 5001, 5002]);
  });

  it('sends a request to the instance with the fewest in flight', () => {
    const instances = apiInstances([5001, 5002]);
    const slow = [instances.pick(), instances.pick(), instances.pick()];
    expect(slow.map((i) => i.port)).toEqual([5001, 5002, 5001]);
    // 5001 holds two, 5002 one.
    expect(instances.pick().port).toBe(5002);
    slow[0].done();
    slow[2].done();
    // 5001 is idle now, 5002 holds two.
    expect(instances.pick().port).toBe(5001);
  });

  it('counts a request once, however often it reports its end', () => {
    const instances = apiInstances([5001, 5002]);
    const first = instances.pick();
    first.done();
    first.done();
    // Counted twice, 5001 would hold -1 and be chosen; counted once, both hold none and 5002 is
    // next in turn.
    expect(instances.pick().port).toBe(5002);
  });

  it('sends nothing for a second to an instance that refused a connection, unless all did', () => {
    let time = 0;
    const instances = apiInstances([5001, 5002], () => time);
    instances.refused(5001);
    expect([instances.pick(), instances.pick()].map((i) => i.port)).toEqual([5002, 5002]);
    instances.refused(5002);
    expect(instances.pick().port).toBe(5001);
    time += REFUSED_REST_MS;
    expect(instances.pick().port).toBe(5001);
  });
});
