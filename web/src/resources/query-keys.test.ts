// Every cache key is built by the one factory: a key written out by hand elsewhere is how two
// screens came to cache different shapes under one key.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CustomerListParams } from './customers/list-params';
import { queryKeys } from './query-keys';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name);
    if (item.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(item.name) && !/\.test\.tsx?$/.test(item.name) ? [path] : [];
  });
}

/** A key given as an array or a string literal instead of through `queryKeys`. */
const HAND_WRITTEN_KEY = /queryKey:\s*[[']/;

describe('query keys', () => {
  it('are written out only in the factory', () => {
    const elsewhere = sourceFiles(SRC)
      .filter((path) => !path.endsWith(join('resources', 'query-keys.ts')))
      .filter((path) => HAND_WRITTEN_KEY.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(elsewhere).toEqual([]);
  });

  it('start with their resource, so `all` reaches every query of it', () => {
    const customerParams: CustomerListParams = {
      q: 'x',
      categories: [],
      potential: '',
      owner: '',
      contactedFrom: '',
      contactedTo: '',
      tag: '',
      from: '',
      to: '',
      sort: 'name',
      dir: 'asc',
    };
    expect(queryKeys.customers.list(customerParams)[0]).toBe(queryKeys.customers.all[0]);
    expect(queryKeys.customers.one('c1')[0]).toBe(queryKeys.customers.all[0]);
    expect(queryKeys.entries.customerTimeline('c1')[0]).toBe(queryKeys.entries.all[0]);
    expect(queryKeys.entries.history('e1')[0]).toBe(queryKeys.entries.all[0]);
    expect(queryKeys.users.pending()[0]).toBe(queryKeys.users.all[0]);
    expect(queryKeys.settings.public()[0]).toBe(queryKeys.settings.all[0]);
    expect(queryKeys.settings.admin()).not.toEqual(queryKeys.settings.public());
  });
});
