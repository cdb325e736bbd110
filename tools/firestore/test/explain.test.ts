// Query Explain through the Admin SDK (`explain({ analyze })`): the plan names the index that
// serves the query, and with analyze the results come with their stats. The server here has an
// index file, so the plan is the index production would read with it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { AggregateField, FieldValue, type Firestore, type Query } from 'firebase-admin/firestore';
import { startEmbeddedFirestore, type EmbeddedFirestore } from '../src/index.ts';
import { firestoreOf } from './helpers.ts';
import { asc, composite, desc, flatVector } from './index-specs.ts';

let server: EmbeddedFirestore;
let app: App;
let db: Firestore;

beforeAll(async () => {
  server = await startEmbeddedFirestore({
    port: 0,
    indexes: {
      indexes: [
        composite('cities', [asc('country'), desc('population')]),
        composite('cities', [asc('country'), flatVector('shape', 2)]),
      ],
    },
  });
  process.env.FIRESTORE_EMULATOR_HOST = server.host;
  app = initializeApp({ projectId: 'explain' }, `explain-${randomUUID()}`);
  db = firestoreOf(app);
  const batch = db.batch();
  const cities = [
    ['pune', 'IN', 7_000_000, [1, 0]],
    ['delhi', 'IN', 30_000_000, [0, 1]],
    ['mumbai', 'IN', 20_000_000, [1, 1]],
    ['paris', 'FR', 2_000_000, [5, 5]],
  ] as const;
  for (const [id, country, population, shape] of cities)
    batch.set(db.doc(`cities/${id}`), {
      country,
      population,
      shape: FieldValue.vector([...shape]),
    });
  await batch.commit();
});

afterAll(async () => {
  await deleteApp(app);
  await server.close();
});

const counters = async () =>
  (await (await fetch(`http://${server.host}/emulator/v1/projects/explain/counters`)).json()) as {
    reads: number;
  };

describe('explain', () => {
  const byCountry = () =>
    db.collection('cities').where('country', '==', 'IN').orderBy('population', 'desc').limit(2);

  it('plans a query without running it: the serving index, no results, nothing billed', async () => {
    const before = (await counters()).reads;
    const { metrics, snapshot } = await byCountry().explain({ analyze: false });
    expect(metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(country ASC, population DESC, __name__ DESC)' },
    ]);
    expect(metrics.executionStats).toBeNull();
    expect(snapshot).toBeNull();
    expect((await counters()).reads).toBe(before);
  });

  it('profiles a query: its results and stats', async () => {
    const { metrics, snapshot } = await byCountry().explain({ analyze: true });
    expect(snapshot!.docs.map((d) => d.id)).toEqual(['delhi', 'mumbai']);
    const stats = metrics.executionStats!;
    expect(stats.resultsReturned).toBe(2);
    expect(stats.readOperations).toBe(2);
    expect(
      stats.executionDuration.seconds * 1e9 + stats.executionDuration.nanoseconds,
    ).toBeGreaterThan(0);
    expect(stats.debugStats).toMatchObject({
      index_entries_scanned: '2',
      documents_scanned: '2',
      billing_details: { documents_billable: '2' },
    });
  });

  it('names an automatic single-field index, and the name order for no filter', async () => {
    const single = await db.collection('cities').where('population', '>', 5_000_000).explain();
    expect(single.metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(population ASC, __name__ ASC)' },
    ]);
    const all = await db.collection('cities').explain();
    expect(all.metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(__name__ ASC)' },
    ]);
  });

  it('bills an empty result one read', async () => {
    const { metrics, snapshot } = await db
      .collection('cities')
      .where('country', '==', 'JP')
      .explain({ analyze: true });
    expect(snapshot!.empty).toBe(true);
    expect(metrics.executionStats!.readOperations).toBe(1);
    expect(metrics.executionStats!.resultsReturned).toBe(0);
  });

  it('profiles an aggregation: one result, index entries read, no documents', async () => {
    const query = db.collection('cities').where('country', '==', 'IN');
    const plan = await query.count().explain({ analyze: false });
    expect(plan.metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(country ASC, __name__ ASC)' },
    ]);
    expect(plan.snapshot).toBeNull();
    const { metrics, snapshot } = await query
      .aggregate({ n: AggregateField.count(), total: AggregateField.sum('population') })
      .explain({ analyze: true });
    expect(snapshot!.data()).toEqual({ n: 3, total: 57_000_000 });
    expect(metrics.executionStats).toMatchObject({ resultsReturned: 1, readOperations: 1 });
    expect(metrics.executionStats!.debugStats).toMatchObject({
      index_entries_scanned: '3',
      documents_scanned: '0',
    });
  });

  it('plans and profiles a vector search on its vector index', async () => {
    const query = db
      .collection('cities')
      .where('country', '==', 'IN')
      .findNearest({
        vectorField: 'shape',
        queryVector: [1, 0],
        limit: 2,
        distanceMeasure: 'EUCLIDEAN',
      });
    // The SDK has VectorQuery.explain (Google's system tests call it); its typings lack it.
    const explainable = query as unknown as Query;
    const { metrics, snapshot } = await explainable.explain({ analyze: true });
    expect(metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(country ASC, shape VECTOR<2>)' },
    ]);
    expect(snapshot!.docs.map((d) => d.id)).toEqual(['pune', 'mumbai']);
    expect(metrics.executionStats!.resultsReturned).toBe(2);
  });

  it('refuses to explain a query no index serves, as it refuses to run it', async () => {
    const unserved = db.collection('cities').where('country', '==', 'IN').orderBy('shape');
    await expect(unserved.explain()).rejects.toMatchObject({ code: 9 });
  });
});
