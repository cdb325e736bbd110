// Writes generated customers, entries and conversations as lines of an embedded-Firestore
// export file.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { EmployeeRef } from '../../../functions/src/app/seeding.ts';
import { generateCustomer, type GeneratedCustomer } from './customers.ts';
import { generateConversations } from './conversations.ts';
import { generateEntry } from './entries.ts';
import { random } from './random.ts';

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

const FLUSH_LINES = 2_000;
const SAMPLE_EVERY = 50;

/** Appends the size's documents to `file`; the same size and seed always give the same data. */
export function appendGenerated(
  file: string,
  size: ScaleSize,
  employees: readonly EmployeeRef[],
  nowMs: number,
  seed = 20_261_122,
): Generated {
  if (employees.length === 0) throw new Error('No users to own the entries: seed the demo first');
  const rnd = random(seed);
  const fd = openSync(file, 'a');
  let pending: string[] = [];
  let documents = 0;
  const out = (line: string) => {
    pending.push(line);
    documents++;
    if (pending.length >= FLUSH_LINES) flush();
  };
  const flush = () => {
    if (pending.length > 0) writeSync(fd, `${pending.join('\n')}\n`);
    pending = [];
  };
  try {
    const customers: GeneratedCustomer[] = [];
    const counters = { phones: 0, emails: 0 };
    for (let i = 0; i < size.customers; i++)
      customers.push(generateCustomer(rnd, i, size.customers, nowMs, customers, counters, out));
    const sampleEntryIds: string[] = [];
    for (let i = 0; i < size.entries; i++) {
      const { id, line } = generateEntry(rnd, nowMs, customers, employees);
      out(line);
      if (i % SAMPLE_EVERY === 0) sampleEntryIds.push(id);
    }
    const probe =
      customers
        .slice(Math.floor(customers.length / 2))
        .find((c) => c.copy.phones.length > 0 && c.copy.emails.length > 0) ?? customers[0];
    generateConversations(rnd, nowMs, customers, employees, probe, out);
    flush();
    return { documents, sampleEntryIds, probe };
  } finally {
    closeSync(fd);
  }
}
