// One part of a generated book, run in a worker thread of appendGenerated (generate.ts): every
// part makes the same customers from the seed (the entries pick among them), writes its share of
// the entries, the first part the customers too and the last the conversations. Its lines go to
// the parent in chunks (their memory handed over, not copied); the parent writes them to the file.
import { parentPort, workerData } from 'node:worker_threads';
import { generateCustomer, type GeneratedCustomer } from './customers.ts';
import { generateConversations } from './conversations.ts';
import { generateEntry } from './entries.ts';
import { random } from './random.ts';
import { ExportLines, type WriteDocument } from './rest-json.ts';
import type { PartMessage, PartRequest } from './part-messages.ts';

const SAMPLE_EVERY = 50;
/** Chunks (8 MB each) handed to the parent and not yet written: the part waits beyond this. */
const MAX_UNWRITTEN = 4;

const port = parentPort!;
const { size, employees, nowMs, seed, part, parts } = workerData as PartRequest;

let unwritten = 0;
let resume: (() => void) | undefined;
port.on('message', () => {
  unwritten--;
  resume?.();
  resume = undefined;
});
const room = () => (unwritten < MAX_UNWRITTEN ? undefined : new Promise<void>((r) => (resume = r)));

const lines = new ExportLines((chunk) => {
  unwritten++;
  port.postMessage({ chunk } satisfies PartMessage, [chunk.buffer as ArrayBuffer]);
});
let documents = 0;
const out: WriteDocument = (path, data, writtenAt) => {
  lines.add(path, data, writtenAt);
  documents++;
};

const rnd = random(seed);
const customers: GeneratedCustomer[] = [];
const counters = { phones: 0, emails: 0 };
const customerOut: WriteDocument = part === 0 ? out : () => {};
for (let i = 0; i < size.customers; i++) {
  customers.push(generateCustomer(rnd, i, size.customers, nowMs, customers, counters, customerOut));
  await room();
}
// Each part draws its entries from a generator of its own, so the parts need not wait for each
// other: the same seed and number of parts always give the same book.
const entryRnd = random(seed + 1 + part);
const sampleEntryIds: string[] = [];
const last = Math.floor((size.entries * (part + 1)) / parts);
for (let i = Math.floor((size.entries * part) / parts); i < last; i++) {
  const id = generateEntry(entryRnd, nowMs, customers, employees, out);
  if (i % SAMPLE_EVERY === 0) sampleEntryIds.push(id);
  await room();
}
const probe =
  customers
    .slice(Math.floor(customers.length / 2))
    .find((c) => c.copy.phones.length > 0 && c.copy.emails.length > 0) ?? customers[0];
if (part === parts - 1)
  generateConversations(random(seed + 1 + parts), nowMs, customers, employees, probe, out);
lines.end();
port.postMessage({ done: { documents, sampleEntryIds, probe } } satisfies PartMessage);
