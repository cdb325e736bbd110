/**
 * The Admin SDK, unmodified, against the embedded Firestore: a query with a cursor, a
 * transaction and a listener. Run: `npm run demo -w tools/firestore`.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, type QuerySnapshot } from 'firebase-admin/firestore';
import { startEmbeddedFirestore } from '../src/index.ts';

process.env.METADATA_SERVER_DETECTION = 'none';
const server = await startEmbeddedFirestore({ port: 0 });
process.env.FIRESTORE_EMULATOR_HOST = server.host;
initializeApp({ projectId: 'demo-embedded' });
const db = getFirestore();
const customers = db.collection('customers');

for (const [id, name, amount] of [
  ['c1', 'Asha', 1200],
  ['c2', 'Bhavin', 800],
  ['c3', 'Chitra', 1500],
  ['c4', 'Dev', 300],
] as const) {
  await customers.doc(id).set({ name, amount });
}

// A query with a cursor: the second page of customers by name.
const firstPage = await customers.orderBy('name').limit(2).get();
const secondPage = await customers.orderBy('name').startAfter(firstPage.docs[1]).limit(2).get();
console.log(
  'page 1:',
  firstPage.docs.map((d) => d.get('name')),
  'page 2:',
  secondPage.docs.map((d) => d.get('name')),
);

// A listener on a query: it sees the initial result and the change the transaction makes.
const snapshots: QuerySnapshot[] = [];
const seenTwice = new Promise<void>((resolve) => {
  const unsubscribe = customers.where('amount', '>=', 1000).onSnapshot((snap) => {
    snapshots.push(snap);
    if (snapshots.length === 2) {
      unsubscribe();
      resolve();
    }
  });
});

// A transaction: move 500 from Chitra to Bhavin, atomically.
await db.runTransaction(async (t) => {
  const [from, to] = await t.getAll(customers.doc('c3'), customers.doc('c2'));
  t.update(from.ref, { amount: from.get('amount') - 500 });
  t.update(to.ref, { amount: to.get('amount') + 500 });
});
await seenTwice;
console.log(
  'listener, initial:',
  snapshots[0].docs.map((d) => d.get('name')),
);
console.log(
  'listener, changes:',
  snapshots[1].docChanges().map((c) => `${c.type} ${c.doc.get('name')}`),
);

await server.close();
process.exit(0);
