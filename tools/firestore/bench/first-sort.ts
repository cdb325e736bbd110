/**
 * The first queries after a start, in-process (no gRPC): 500,000 entry-like documents in random
 * time order and 100,000 customers, as a restart at the bench's large size leaves them (nothing
 * sorted, no value index). Times the first page of entries (`orderBy createdAt desc`, limit 50),
 * which sorts the kept order, and the first name searches (`searchKeys array-contains-any`,
 * `orderBy createdAt desc`, limit 101, and the count of its matches, as the API asks), with a
 * turn of the event loop between calls so the value index's build goes on in its slices, as
 * between a server's calls. Prints each call's wall time and, in parentheses, the CPU time it
 * took (what to compare on a busy machine). A measuring script, not a test:
 * `node --max-old-space-size=6144 --import tsx tools/firestore/bench/first-sort.ts`
 * (`FIRST_SORT_ENTRIES` and `FIRST_SORT_CUSTOMERS` change the sizes).
 */
import { Engine } from '../src/engine.ts';
import type { StoredDoc, StructuredQuery, Value } from '../src/model/types.ts';

const ENTRIES = Number(process.env.FIRST_SORT_ENTRIES ?? 500_000);
const CUSTOMERS = Number(process.env.FIRST_SORT_CUSTOMERS ?? 100_000);
const SURNAMES = [
  'sharma',
  'patel',
  'gupta',
  'singh',
  'mehta',
  'iyer',
  'khan',
  'das',
  'rao',
  'nair',
];
const SPAN_SECONDS = 3 * 365 * 86_400;

let seed = 26;
/** mulberry32: repeatable runs. */
function rnd(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];

const str = (s: string): Value => ({ stringValue: s, valueType: 'stringValue' });
const arr = (values: Value[]): Value => ({ arrayValue: { values }, valueType: 'arrayValue' });
const time = (): Value => ({
  timestampValue: {
    seconds: String(1_700_000_000 + Math.floor(rnd() * SPAN_SECONDS)),
    nanos: Math.floor(rnd() * 1000) * 1_000_000,
  },
  valueType: 'timestampValue',
});
// Search keys are shared values, as an import shares repeated strings.
const KEYS = Array.from({ length: 5_000 }, (_, i) => str(`k${i}`));
const SURNAME_KEYS = SURNAMES.map(str);
const STATUSES = ['pending', 'approved', 'confirmed', 'cancelled'].map(str);

const engine = new Engine();
const db = engine.database('projects/p/databases/(default)');
function put(key: string, fields: Record<string, Value>): void {
  const doc: StoredDoc = { name: db.nameOf(key), key, fields, createTime: 0, updateTime: 0 };
  db.put(key, doc);
}
let ids = 0;
/** Unique ids in random order, as Firestore's are. */
const autoId = () => `${Math.floor(rnd() * 2 ** 52).toString(36)}${(ids++).toString(36)}`;

let started = performance.now();
for (let i = 0; i < CUSTOMERS; i++) {
  // Common words' keys and the customer's own (prefixes of its phone and e-mail), as the app's
  // customers hold about 107.
  const keys = Array.from({ length: 80 }, () => pick(KEYS));
  for (let k = 0; k < 25; k++) keys.push(str(`own${i}-${k}`));
  keys.push(pick(SURNAME_KEYS));
  put(`customers/${autoId()}`, {
    nameSort: str(`${pick(SURNAMES)} ${autoId()}`),
    createdAt: time(),
    searchKeys: arr(keys),
  });
}
for (let i = 0; i < ENTRIES; i++) {
  put(`entries/${autoId()}`, {
    createdAt: time(),
    status: pick(STATUSES),
    amount: { integerValue: String(Math.floor(rnd() * 100_000)), valueType: 'integerValue' },
    searchKeys: arr(Array.from({ length: 20 }, () => pick(KEYS))),
  });
}
console.log(
  `Loaded ${db.slotCount('', 'customers').toLocaleString('en-US')} customers and ${db.slotCount('', 'entries').toLocaleString('en-US')} entries in ${Math.round(performance.now() - started)} ms`,
);

const byNewest = [
  { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
  { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
];
const entriesPage: StructuredQuery = {
  from: [{ collectionId: 'entries' }],
  orderBy: byNewest,
  limit: { value: 50 },
};
const search = (surname: string): StructuredQuery => ({
  from: [{ collectionId: 'customers' }],
  where: {
    fieldFilter: {
      field: { fieldPath: 'searchKeys' },
      op: 'ARRAY_CONTAINS_ANY',
      value: arr([str(surname)]),
    },
  },
  orderBy: byNewest,
  limit: { value: 101 },
});
const turn = () => new Promise((resolve) => setImmediate(resolve));

async function timeRuns(
  label: string,
  queries: StructuredQuery[],
  { counted = false } = {},
): Promise<void> {
  const times: string[] = [];
  for (const query of queries) {
    started = performance.now();
    const cpu = process.cpuUsage();
    const docs = engine.runQuery(db, db.documentsPrefix, query, {});
    if (counted) {
      const where = { ...query, orderBy: undefined, limit: undefined };
      engine.runAggregation(db, db.documentsPrefix, where, [{ alias: 'n', count: {} }], {});
    }
    const { user, system } = process.cpuUsage(cpu);
    times.push(
      `${Math.round(performance.now() - started)} (${Math.round((user + system) / 1000)})`,
    );
    if (docs.length === 0) throw new Error(`${label}: nothing found`);
    await turn();
  }
  console.log(`${label}, ms (of CPU): ${times.join(', ')}`);
}

await timeRuns('Name searches and their counts, in turn', SURNAMES.slice(0, 5).map(search), {
  counted: true,
});
await timeRuns('First pages of entries, in turn', Array(5).fill(entriesPage));
// The value index's build would go on in its slices after the figures.
process.exit(0);
