// Writes generated customers, entries and conversations as lines of an embedded-Firestore
// export file.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { EmployeeRef } from '../../../functions/src/app/seeding.ts';
import { generateCustomer, type GeneratedCustomer } from './customers.ts';
import { generateConversations } from './conversations.ts';
import { generateEntry } from './entries.ts';
import { random } from './random.ts';
import { ExportLines, type WriteDocument } from './rest-json.ts';

export interface ScaleSize {
  customers: number;
  entries: number;
}

export interface Generated {
  documents: number;
  /** A spread of generated entry ids (for follow-ups). */
  sampleEntryIds: string[];
  /**
   * A customer from the middle of the book with a phone and an email (for searches), whose
   * conversation holds 1,000 messages.
   */
  probe: GeneratedCustomer;
}

const SAMPLE_EVERY = 50;

/** Appends the size's documents to `file`; the same size and seed always give the same data. */
export async function appendGenerated(
  file: string,
  size: ScaleSize,
  employees: readonly EmployeeRef[],
  nowMs: number,
  seed = 20_261_122,
): Promise<Generated> {
  if (employees.length === 0) throw new Error('No users to own the entries: seed the demo first');
  const rnd = random(seed);
  // Written by the stream, off this thread: a synchronous write of each chunk held the generator
  // for a third of its time at the large size (3.65 GB), which the other core can do meanwhile.
  const stream = createWriteStream(file, { flags: 'a' });
  let failure: Error | undefined;
  stream.on('error', (err) => (failure ??= err));
  /** The stream holds as much as it should: the loops wait for it to drain. */
  let full = false;
  const lines = new ExportLines((chunk) => {
    if (!stream.write(chunk)) full = true;
  });
  let documents = 0;
  const out: WriteDocument = (path, data, writtenAt) => {
    lines.add(path, data, writtenAt);
    documents++;
  };
  const drained = async () => {
    if (failure) throw failure;
    full = false;
    await once(stream, 'drain');
  };
  try {
    const customers: GeneratedCustomer[] = [];
    const counters = { phones: 0, emails: 0 };
    for (let i = 0; i < size.customers; i++) {
      customers.push(generateCustomer(rnd, i, size.customers, nowMs, customers, counters, out));
      if (full) await drained();
    }
    const sampleEntryIds: string[] = [];
    for (let i = 0; i < size.entries; i++) {
      const id = generateEntry(rnd, nowMs, customers, employees, out);
      if (i % SAMPLE_EVERY === 0) sampleEntryIds.push(id);
      if (full) await drained();
    }
    const probe =
      customers
        .slice(Math.floor(customers.length / 2))
        .find((c) => c.copy.phones.length > 0 && c.copy.emails.length > 0) ?? customers[0];
    generateConversations(rnd, nowMs, customers, employees, probe, out);
    lines.end();
    stream.end();
    await finished(stream);
    return { documents, sampleEntryIds, probe };
  } finally {
    stream.destroy();
  }
}
