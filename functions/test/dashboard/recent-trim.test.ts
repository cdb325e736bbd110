// Recent activity between two jobs: the creates' merges make its document longer, and a
// dashboard load that finds more than RECENT_KEPT_MAX items trims it to the shown ones,
// unless a write came between its read and its trim (then that write's document stands).
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../src/clock';
import { RECENT_SHOWN } from '../../src/domain/figures/constants';
import {
  readRecentItems,
  RECENT_KEPT_MAX,
  recentWriter,
} from '../../src/domain/figures/recent-activity';
import { clearDashboardCache } from '../../src/features/dashboard/read';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs } from '../support/fake-session';
import { bruteForce, loadDashboard } from './support';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const recentDoc = () => getDb().doc('dashboard/recent-activity');
const heldKeys = async () =>
  Object.keys(((await recentDoc().get()).get('items') as object | undefined) ?? {}).sort();

/** Creates customers as the product does: the customer and its recent item in one transaction. */
async function createCustomers(from: number, count: number, db: Firestore = getDb()) {
  for (let i = from; i < from + count; i++) {
    const id = `c${String(i).padStart(3, '0')}`;
    const data = { names: [`Customer ${i}`], createdAt: Timestamp.fromMillis(NOW - 60_000 + i) };
    await db.runTransaction(async (tx) => {
      tx.set(db.collection('customers').doc(id), data);
      recentWriter(tx, db)({ customers: [{ id, data }] });
    });
  }
}

beforeEach(async () => {
  await resetBackends();
  setClock(() => NOW);
  clearDashboardCache();
});

describe('recent activity between two jobs', () => {
  it('a load trims the merged items to the shown ones, and later creates still show', async () => {
    await createCustomers(0, RECENT_KEPT_MAX + 5);
    expect(await heldKeys()).toHaveLength(RECENT_KEPT_MAX + 5);

    const got = await loadDashboard(appAs('admin'));
    expect(got['/recent']).toEqual((await bruteForce(NOW)).recent);
    expect(got['/recent']).toHaveLength(RECENT_SHOWN);
    const newest = Array.from({ length: RECENT_SHOWN }, (_, k) => RECENT_KEPT_MAX + 4 - k);
    expect(await heldKeys()).toEqual(
      newest.map((i) => `customer_c${String(i).padStart(3, '0')}`).sort(),
    );

    await createCustomers(100, 2);
    clearDashboardCache();
    const after = await loadDashboard(appAs('admin'));
    expect(after['/recent']).toEqual((await bruteForce(NOW)).recent);
    expect(after['/recent'][0]).toMatchObject({ text: 'New customer Customer 101' });
    // Under the limit again: nothing is trimmed.
    expect(await heldKeys()).toHaveLength(RECENT_SHOWN + 2);
  });

  it('a merge between the read and the trim wins: nothing it added is dropped', async () => {
    await createCustomers(0, RECENT_KEPT_MAX + 1);
    const db = getDb();
    // The database as a load sees it, with a create committing right after the load's read.
    const racing = new Proxy(db, {
      get(target, prop) {
        if (prop !== 'collection') return Reflect.get(target, prop) as unknown;
        return (path: string) => {
          const collection = target.collection(path);
          return new Proxy(collection, {
            get(c, p) {
              if (p !== 'doc') return Reflect.get(c, p) as unknown;
              return (id: string) => {
                const ref = c.doc(id);
                return new Proxy(ref, {
                  get(r, q) {
                    if (q !== 'get') return Reflect.get(r, q) as unknown;
                    return async () => {
                      const snapshot = await r.get();
                      await createCustomers(200, 1, target);
                      return snapshot;
                    };
                  },
                });
              };
            },
          });
        };
      },
    });

    const shown = await readRecentItems(racing);
    expect(shown).toHaveLength(RECENT_SHOWN);
    expect(await heldKeys()).toHaveLength(RECENT_KEPT_MAX + 2);
    expect(await heldKeys()).toContain('customer_c200');

    // The next load trims, the racing create among the shown.
    const next = await readRecentItems(db);
    expect(next[0]).toMatchObject({ key: 'customer_c200' });
    expect(await heldKeys()).toHaveLength(RECENT_SHOWN);
  });
});
