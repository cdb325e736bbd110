// The largest import the API accepts (IMPORT_MAX_ROWS rows, each with a name, a phone, an email,
// a category and a potential), end to end through the functions framework as production runs
// it: it must finish with room to spare inside the api function's timeoutSeconds and memory.
// Its numbers are what docs/deploy.md states for those options.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_MEMORY_MIB, API_RUNTIME } from '../../src/app/runtime-options';
import { IMPORT_MAX_ROWS } from '../../src/domain/customers/constants';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appWithRawBody } from './support';

/** What the api function is given (docs/deploy.md), and the share of it the import may use. */
const FUNCTION_TIMEOUT_S = API_RUNTIME.timeoutSeconds;
const FUNCTION_MEMORY_MB = API_MEMORY_MIB;
const MARGIN = 3;

function largestFile(): string {
  const lines = ['names,phones,emails,categories,potential'];
  for (let i = 0; i < IMPORT_MAX_ROWS; i++) {
    lines.push(
      `Import Person ${i},9${String(600_000_000 + i)},person${i}@import.example.in,PHE,HOT`,
    );
  }
  return lines.join('\n');
}

describe('the largest accepted import', () => {
  beforeAll(resetBackends);

  it(`imports ${IMPORT_MAX_ROWS} rows within a third of the function's time and memory`, async () => {
    const file = Buffer.from(largestFile());
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const res = await request(appWithRawBody('employee'))
      .post('/api/customers/import.csv')
      .attach('file', file, 'customers.csv');
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const addedMb = (peak - before) / 1024 / 1024;
    console.log(
      `largest import: ${IMPORT_MAX_ROWS} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB, ${seconds.toFixed(1)} s, +${addedMb.toFixed(0)} MB RSS (peak ${(peak / 1024 / 1024).toFixed(0)} MB)`,
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body).toMatchObject({ created: IMPORT_MAX_ROWS, errors: [] });
    expect((await getDb().collection('customers').count().get()).data().count).toBe(
      IMPORT_MAX_ROWS,
    );
    expect(seconds).toBeLessThan(FUNCTION_TIMEOUT_S / MARGIN);
    expect(peak / 1024 / 1024).toBeLessThan(FUNCTION_MEMORY_MB / 1.5);
  }, 900_000);
});
