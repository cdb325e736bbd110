// The machine's speed in one number: a fixed piece of work (hashing and JSON, one core) timed,
// the median of five. Machines of one kind differ by two to five times from day to day (the
// host's other tenants), which moves every latency row; a run's gauge tells which machine it
// had, and `npm run bench -- --gauge` tells in seconds whether a whole bench is worth running.
import { createHash } from 'node:crypto';

function timedWork(): number {
  const started = performance.now();
  let block = Buffer.alloc(1024, 7);
  for (let i = 0; i < 100_000; i++)
    block = Buffer.concat([createHash('sha256').update(block).digest(), block.subarray(32)]);
  const page = {
    items: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `Customer ${i}`, tags: ['a'] })),
  };
  for (let i = 0; i < 60; i++) JSON.parse(JSON.stringify(page));
  return performance.now() - started;
}

/** Milliseconds for the fixed work (the median of five runs): higher is slower. */
export function cpuGauge(): number {
  const runs = Array.from({ length: 5 }, timedWork).sort((a, b) => a - b);
  return Math.round(runs[2]);
}
