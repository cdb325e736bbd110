// The embedded Firestore serves only what firestore.indexes.json indexes, as production does:
// every filter combination of the entries list (its page and its counts) must run on it.
import { describe, expect, it } from 'vitest';
import {
  entryPlan,
  filteredQuery,
  orderedQuery,
  type EntryFilters,
} from '../../src/features/entries/list-plan';
import { allEntries } from '../../src/domain/entries/store';

function allFilterCombinations(): EntryFilters[] {
  const combinations: EntryFilters[] = [];
  const range = { start: new Date(0), end: new Date(86_400_000) };
  for (const phone of [undefined, '98123'])
    for (const channel of [undefined, 'email', 'manual'])
      for (const status of [undefined, 'pending', 'confirmed'])
        for (const employeeId of [undefined, 'uid'])
          for (const withRange of [false, true])
            combinations.push({
              phone,
              channel,
              status,
              employeeId,
              range: withRange ? range : undefined,
            });
  return combinations;
}

describe('the entries list queries', () => {
  it('each run on the indexes firestore.indexes.json declares', async () => {
    expect(allFilterCombinations()).toHaveLength(72);
    for (const filters of allFilterCombinations()) {
      const plan = entryPlan(filters);
      await expect(orderedQuery(allEntries(), plan).limit(1).get()).resolves.toBeDefined();
      await expect(filteredQuery(allEntries(), plan).count().get()).resolves.toBeDefined();
      // The count of confirmed entries among them.
      const confirmed = { field: 'status' as const, value: 'confirmed' };
      if (!filters.status)
        await filteredQuery(allEntries(), { ...plan, equals: [...plan.equals, confirmed] })
          .count()
          .get();
    }
  }, 120_000);
});
