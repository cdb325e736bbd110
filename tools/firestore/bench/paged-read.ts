/**
 * A paged read of a whole collection in-process (no gRPC), as the API's CSV export makes it:
 * 100,000 customer-like documents (about 107 search keys each, as the app's hold), read newest
 * first a page at a time (`orderBy createdAt desc, __name__ desc`, a `select` of the export's
 * fields, `limit` 1,000, each page `startAfter` the last one's values), and each page's
 * documents encoded as the RunQuery answers the server sends. Prints the CPU time of the
 * queries and of the encoding (what to compare on a busy machine: wall time is not). With `PAGED_READ_INDEXED=1` the search keys' value index is
 * built first, as an import or a restart builds the indexes queries asked for. A measuring
 * script, not a test: `node --max-old-space-size=6144 --import tsx tools/firestore/bench/paged-read.ts`
 * (`PAGED_READ_DOCS` and `PAGED_READ_PAGE` change the sizes).
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import protobuf from 'protobufjs';
import { Engine } from '../src/engine.ts';
import { toDocumentProto } from '../src/listen.ts';
import type { StoredDoc, StructuredQuery, Value } from '../src/model/types.ts';

const DOCS = Number(process.env.PAGED_READ_DOCS ?? 100_000);
const PAGE = Number(process.env.PAGED_READ_PAGE ?? 1_000);
const INDEXED = process.env.PAGED_READ_INDEXED === '1';

let state = 26;
/** Park and Miller's minimal standard generator: repeatable runs. */
const rnd = () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
const str = (s: string): Value => ({ stringValue: s, valueType: 'stringValue' });
const arr = (values: Value[]): Value => ({ arrayValue: { values }, valueType: 'arrayValue' });
const KEYS = Array.from({ length: 5_000 }, (_, i) => str(`k${i}`));

const engine = new Engine();
const db = engine.database('projects/p/databases/(default)');
let ids = 0;
const autoId = () => `${Math.floor(rnd() * 2 ** 52).toString(36)}${(ids++).toString(36)}`;
for (let i = 0; i < DOCS; i++) {
  const key = `customers/${autoId()}`;
  const keys = Array.from({ length: 80 }, () => KEYS[Math.floor(rnd() * KEYS.length)]);
  for (let k = 0; k < 27; k++) keys.push(str(`own${i}-${k}`));
  const fields: Record<string, Value> = {
    names: arr([str(`Customer ${i} ${autoId()}`)]),
    phones: arr([str(`+9198${String(i).padStart(8, '0')}`)]),
    emails: arr([str(`customer${i}@example.in`)]),
    categories: arr([str('Dairy'), str('Steel')]),
    potential: str('High'),
    note: str(i % 3 === 0 ? 'Met at the trade fair; asked for a quotation.' : ''),
    nameSort: str(`customer ${i}`),
    createdAt: {
      timestampValue: {
        seconds: String(1_700_000_000 + Math.floor(rnd() * 50_000_000)),
        nanos: Math.floor(rnd() * 1000) * 1_000_000,
      },
      valueType: 'timestampValue',
    },
    searchKeys: arr(keys),
  };
  const doc: StoredDoc = { name: db.nameOf(key), key, fields, createTime: 0, updateTime: 0 };
  db.put(key, doc);
}

const require = createRequire(import.meta.url);
const root = new protobuf.Root();
const protosDir = path.join(
  path.dirname(require.resolve('@google-cloud/firestore/package.json')),
  'build',
  'protos',
);
root.resolvePath = (_origin, target) =>
  path.isAbsolute(target) ? target : path.join(protosDir, target);
root.loadSync('google/firestore/v1/firestore.proto');
const response = root.lookupType('google.firestore.v1.RunQueryResponse');

if (INDEXED) {
  const search: StructuredQuery = {
    from: [{ collectionId: 'customers' }],
    where: {
      fieldFilter: {
        field: { fieldPath: 'searchKeys' },
        op: 'ARRAY_CONTAINS_ANY',
        value: arr([str('k1')]),
      },
    },
    limit: { value: 10 },
  };
  // Each search builds a share of the index; its slices go on between turns.
  for (let i = 0; i < 20; i++) {
    engine.runQuery(db, db.documentsPrefix, search, {});
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const FIELDS = ['names', 'phones', 'emails', 'categories', 'potential', 'note', 'createdAt'];
const pageQuery = (after?: StoredDoc): StructuredQuery => ({
  from: [{ collectionId: 'customers' }],
  select: { fields: FIELDS.map((fieldPath) => ({ fieldPath })) },
  orderBy: [
    { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
    { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
  ],
  startAt: after && {
    values: [after.fields.createdAt, { referenceValue: after.name, valueType: 'referenceValue' }],
    before: false,
  },
  limit: { value: PAGE },
});

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
// The kept order is sorted by the first page; the figures are of the pages after it.
let last = engine.runQuery(db, db.documentsPrefix, pageQuery(), {}).at(-1);
let [queryMs, encodeMs, read, bytes] = [0, 0, 0, 0];
const wall = performance.now();
while (last) {
  let at = cpu();
  const docs = engine.runQuery(db, db.documentsPrefix, pageQuery(last), {});
  queryMs += cpu() - at;
  at = cpu();
  for (const doc of docs)
    bytes += response.encode({ document: toDocumentProto(doc) }).finish().length;
  encodeMs += cpu() - at;
  read += docs.length;
  last = docs.length === PAGE ? docs[PAGE - 1] : undefined;
}
console.log(
  `${read.toLocaleString('en-US')} documents in pages of ${PAGE}${INDEXED ? ' (value index built)' : ''}: ` +
    `queries ${Math.round(queryMs)} ms of CPU, encoding ${Math.round(encodeMs)} ms of CPU ` +
    `(${(bytes / 1e6).toFixed(1)} MB), ${Math.round(performance.now() - wall)} ms in all`,
);
process.exit(0);
