/**
 * Scale figures for the README: batched write throughput from empty to 600,000 documents of
 * about 1 KB, a filtered, ordered, limited query over a 500,000-document collection, and the
 * server's heap. Run: `npm run bench:scale -w tools/firestore` (takes several minutes).
 * The server runs in its own process, as in the local stack, so figures include gRPC.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

const TOTAL = Number(process.env.SCALE_DOCS ?? 600_000);
const QUERY_COLLECTION = Math.min(500_000, TOTAL);
const BATCH = 500;
const PORT = 8790;

process.env.METADATA_SERVER_DETECTION = 'none';
const child = spawn(
  process.execPath,
  [
    '--max-old-space-size=8192',
    '--import',
    'tsx',
    'src/cli.ts',
    '--port',
    String(PORT),
    '--project',
    'scale',
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise<void>((resolve) =>
  child.stdout!.on('data', (d: Buffer) => String(d).includes('listening') && resolve()),
);
process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${PORT}`;
initializeApp({ projectId: 'scale' });
const db = getFirestore();

const cities = ['Mumbai', 'Pune', 'Delhi', 'Chennai', 'Kolkata', 'Jaipur', 'Surat', 'Indore'];
const filler = 'x'.repeat(760);
function doc(i: number) {
  return {
    name: `Customer ${i}`,
    phone: `+9198${String(i).padStart(8, '0')}`,
    email: `c${i}@example.in`,
    city: cities[i % cities.length],
    potential: ['VIP', 'HOT', 'WARM', 'COLD'][i % 4],
    amount: (i * 7919) % 100_000,
    createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
    note: filler,
  };
}

const rows: string[] = [];
const pending: Promise<unknown>[] = [];
let written = 0;
let windowStart = performance.now();
const started = performance.now();
// Two batches in flight keep both cores busy (the client encodes while the server applies).
while (written < TOTAL) {
  const batch = db.batch();
  const collection = written < QUERY_COLLECTION ? 'customers' : 'entries';
  for (let i = 0; i < BATCH; i++)
    batch.set(db.collection(collection).doc(`d${written + i}`), doc(written + i));
  pending.push(batch.commit());
  if (pending.length >= 2) await pending.shift();
  written += BATCH;
  if (written % 100_000 === 0) {
    await Promise.all(pending.splice(0));
    const now = performance.now();
    rows.push(
      `| ${written.toLocaleString('en-US')} | ${Math.round(100_000 / ((now - windowStart) / 1000)).toLocaleString('en-US')} |`,
    );
    windowStart = now;
    console.log(rows[rows.length - 1]);
  }
}
await Promise.all(pending);
const seconds = (performance.now() - started) / 1000;

async function timeQuery(label: string, run: () => Promise<unknown>): Promise<string> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return `| ${label} | ${Math.round(times[2])} ms | ${Math.round(times[4])} ms |`;
}

const customers = db.collection('customers');
const queries = [
  await timeQuery('where city == Pune, orderBy createdAt desc, limit 20', () =>
    customers.where('city', '==', 'Pune').orderBy('createdAt', 'desc').limit(20).get(),
  ),
  await timeQuery('where potential in [VIP, HOT], amount >= 50,000, limit 50', () =>
    customers
      .where('potential', 'in', ['VIP', 'HOT'])
      .where('amount', '>=', 50_000)
      .limit(50)
      .get(),
  ),
  await timeQuery('orderBy name, startAfter a cursor, limit 20', () =>
    customers.orderBy('name').startAfter('Customer 250000').limit(20).get(),
  ),
  await timeQuery('count() where city == Delhi', () =>
    customers.where('city', '==', 'Delhi').count().get(),
  ),
  await timeQuery('get one document by id', () => customers.doc('d123456').get()),
];

const memory = await (
  await fetch(`http://127.0.0.1:${PORT}/emulator/v1/projects/scale/counters`)
).json();
const rss = Number(
  (await import('node:fs'))
    .readFileSync(`/proc/${child.pid}/status`, 'utf8')
    .match(/VmHWM:\s+(\d+)/)?.[1] ?? 0,
);
console.log(
  `\nWrites: ${TOTAL.toLocaleString('en-US')} documents in ${seconds.toFixed(1)} s = ${Math.round(TOTAL / seconds).toLocaleString('en-US')} writes/s overall`,
);
console.log('\n| documents stored | writes/s over the last 100,000 |\n|---|---|');
console.log(rows.join('\n'));
console.log(
  `\nQueries over the ${QUERY_COLLECTION.toLocaleString('en-US')}-document collection (median, max of 5):\n| query | median | max |\n|---|---|---|`,
);
console.log(queries.join('\n'));
console.log(
  `\nPeak resident memory of the server process: ${Math.round(rss / 1024)} MB; counters: ${JSON.stringify(memory)}`,
);
child.kill('SIGTERM');
await sleep(500);
process.exit(0);
