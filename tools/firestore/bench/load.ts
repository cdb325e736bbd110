/**
 * An import in-process (no gRPC): loads an export folder (`LOAD_FOLDER`, e.g. one the bench's
 * generator wrote) into a fresh engine, as `--data` does at a start, and prints its wall time
 * and CPU time (what to compare on a busy machine), then the first page of the entries ordered
 * by creation time. A measuring script, not a test:
 * `LOAD_FOLDER=/tmp/scale node --max-old-space-size=6144 --import tsx tools/firestore/bench/load.ts`
 */
import { Engine } from '../src/engine.ts';
import { importProject } from '../src/persist/persistence.ts';
import type { StructuredQuery } from '../src/model/types.ts';

const folder = process.env.LOAD_FOLDER;
if (!folder) throw new Error('LOAD_FOLDER names the export folder to load');
const project = process.env.LOAD_PROJECT ?? 'demo-crm';

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const engine = new Engine();
const wall = performance.now();
const cpuAtStart = cpu();
const documents = await importProject(engine, project, folder);
console.log(
  `loaded ${documents} documents in ${((performance.now() - wall) / 1000).toFixed(1)} s ` +
    `(CPU ${(cpu() - cpuAtStart).toFixed(1)} s), heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB`,
);

const db = engine.database(`projects/${project}/databases/(default)`);
const byNewest = [
  { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
  { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
];
// The bench's first calls after a restart: 5 name searches (the page and its count) …
for (const name of ['sharma', 'patel', 'gupta', 'singh', 'mehta']) {
  const started = performance.now();
  const cpuBefore = cpu();
  const search: StructuredQuery = {
    from: [{ collectionId: 'customers' }],
    where: {
      fieldFilter: {
        field: { fieldPath: 'searchKeys' },
        op: 'ARRAY_CONTAINS_ANY',
        value: {
          arrayValue: { values: [{ stringValue: name, valueType: 'stringValue' }] },
          valueType: 'arrayValue',
        },
      },
    },
    orderBy: byNewest,
    limit: { value: 101 },
  };
  const page = engine.runQuery(db, db.documentsPrefix, search, {});
  const where = { ...search, orderBy: undefined, limit: undefined };
  engine.runAggregation(db, db.documentsPrefix, where, [{ alias: 'n', count: {} }], {});
  console.log(
    `search ${name} (${page.length}): ${Math.round(performance.now() - started)} ms ` +
      `(CPU ${Math.round((cpu() - cpuBefore) * 1000)} ms)`,
  );
  await new Promise((resolve) => setImmediate(resolve));
}
// … then the first page of entries (the bench's "first calls after a restart"), as the
// API asks for it: it sorts the collection once.
for (let i = 0; i < 3; i++) {
  const started = performance.now();
  const cpuBefore = cpu();
  const page = engine.runQuery(
    db,
    db.documentsPrefix,
    {
      from: [{ collectionId: 'entries' }],
      orderBy: byNewest,
      limit: { value: 50 },
    },
    {},
  );
  console.log(
    `first page of entries (${page.length}): ${Math.round(performance.now() - started)} ms ` +
      `(CPU ${Math.round((cpu() - cpuBefore) * 1000)} ms)`,
  );
}
process.exit(0);
