// The embedded Firestore serves only what firestore.indexes.json indexes, as production does:
// every query shape the customer list, the export and their counts can make must run on it.
import { describe, expect, it } from 'vitest';
import { allPlanShapes, filterQuery, orderedQuery } from '../../src/features/customers/list-plan';
import { allCustomers } from '../../src/domain/customers/store';

describe('the customer list queries', () => {
  it('each run on the indexes firestore.indexes.json declares', async () => {
    const plans = allPlanShapes().filter((plan) => !plan.empty);
    expect(plans.length).toBeGreaterThan(100);
    for (const plan of plans) {
      await expect(orderedQuery(allCustomers(), plan).limit(1).get()).resolves.toBeDefined();
      await expect(filterQuery(allCustomers(), plan).count().get()).resolves.toBeDefined();
    }
  }, 120_000);
});
