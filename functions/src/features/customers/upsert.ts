// Many rows at once (quick add, CSV import): rows that share a phone or an email, with each
// other or with a stored customer, become one customer with the union of their values instead
// of twins. Rows are grouped by shared keys first; groups are then written in transactions of
// at most MAX_WRITES_PER_COMMIT writes, each re-reading what it changes.
import { carriedOwner, type CustomerOwner } from '../../domain/customers/owner';
import { carriedTax } from '../../domain/customers/tax-details';
import { carriedWindows } from '../../domain/customers/whatsapp-windows';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { databaseAnswered } from '../../database-trouble';
import {
  applyRecent,
  joinedRecent,
  noRecent,
  RecordWriter,
  type CustomerWrite,
} from '../../domain/writes/records';
import { MAX_EMAILS, MAX_PHONES, MAX_WRITES_PER_COMMIT } from '../../domain/customers/constants';
import { claimKey, readCustomers, readKeyOwners } from '../../domain/customers/keys';
import { customerRef, newCustomerRef, readCustomersNamed } from '../../domain/customers/store';
import { runInTransaction } from '../../domain/writes/transaction';
import { type CustomerFields, sameFields, unionFields } from '../../domain/customers/normalize';
import {
  buildCustomerRecord,
  nameSortKey,
  type Customer,
  customerKeys,
  customerLabel,
  fieldsOf,
  toCustomer,
} from '../../domain/customers/record';
import { duplicateError } from './write';

export interface UpsertRow {
  /** The row's line in the file (import) or its position (bulk), for outcomes. */
  line: number;
  fields: CustomerFields;
  /** For a customer the row creates (an exported file's createdAt). */
  createdAt?: Date;
}

export type Outcome = 'created' | 'updated' | 'skipped';

const LISTS = ['names', 'phones', 'emails', 'categories'] as const;

/**
 * A row that joined an existing customer (stored, or made by an earlier row) because it shares
 * a phone, an email or (name-only rows) a name: whom it joined and what it added to them.
 */
export interface RowMerge {
  line: number;
  /** The customer it joined, as the list names them. */
  into: string;
  added: Partial<Record<(typeof LISTS)[number], string[]>> & { potential?: string; note?: string };
}

/** What `next` holds that `before` did not. */
function addedValues(before: CustomerFields, next: CustomerFields): RowMerge['added'] {
  const added: RowMerge['added'] = {};
  for (const list of LISTS) {
    const fresh = next[list].filter((value) => !before[list].includes(value));
    if (fresh.length > 0) added[list] = fresh;
  }
  if (next.potential && next.potential !== before.potential) added.potential = next.potential;
  // Notes join on a new line: the part after the stored note is what the row added.
  if (next.note && next.note !== before.note)
    added.note = next.note.startsWith(before.note)
      ? next.note.slice(before.note.length).trim()
      : next.note;
  return added;
}

/** Transactions in flight at once during a large import. */
const CONCURRENT_CHUNKS = 4;

export interface UpsertResult {
  created: number;
  updated: number;
  skipped: number;
  errors: { line: number; message: string }[];
  /** Rows that joined an existing customer and added to them, in no set order. */
  merges: RowMerge[];
  /** The customers the rows ended in, by id (when asked for). */
  customers: Customer[];
}

/**
 * The row's name key when it has no phone and no email: with `matchNames`, such a row matches
 * a customer (or row) that has neither either and the same first name, so that importing the
 * same file twice changes nothing even for name-only rows.
 */
function nameKeyOf(row: UpsertRow): string | undefined {
  const { names, phones, emails } = row.fields;
  if (phones.length > 0 || emails.length > 0 || names.length === 0) return undefined;
  return nameSortKey(names[0]) || undefined;
}

/** What links rows: their phones and emails, else (with matchNames) their name key. */
function linkKeys(row: UpsertRow, matchNames: boolean): string[] {
  const keys = customerKeys(row.fields).map((k) => k.id);
  const nameKey = matchNames ? nameKeyOf(row) : undefined;
  return nameKey ? [`name:${nameKey}`] : keys;
}

/** Rows linked by a shared phone or email, directly or through other rows, in file order. */
export function groupRows(rows: readonly UpsertRow[], matchNames = false): UpsertRow[][] {
  const parent = rows.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const firstWithKey = new Map<string, number>();
  rows.forEach((row, i) => {
    for (const key of linkKeys(row, matchNames)) {
      const other = firstWithKey.get(key);
      if (other === undefined) firstWithKey.set(key, i);
      else parent[find(i)] = find(other);
    }
  });
  const groups = new Map<number, UpsertRow[]>();
  rows.forEach((row, i) => {
    const root = find(i);
    const group = groups.get(root) ?? [];
    group.push(row);
    groups.set(root, group);
  });
  return [...groups.values()];
}

interface Target {
  id: string;
  fields: CustomerFields;
  /** The stored fields before these rows; undefined for a customer the rows create. */
  stored?: CustomerFields;
  createdAt?: Timestamp;
}

interface ChunkResult {
  outcomes: { line: number; outcome: Outcome }[];
  errors: { line: number; message: string }[];
  merges: RowMerge[];
  targets: Target[];
}

function tooMany(fields: CustomerFields): string | undefined {
  if (fields.phones.length > MAX_PHONES) return `more than ${MAX_PHONES} phones`;
  if (fields.emails.length > MAX_EMAILS) return `more than ${MAX_EMAILS} emails`;
  return undefined;
}

/**
 * Applies a chunk's groups to what the transaction read: `owners` (keyId -> customer id) and
 * `stored` (customer id -> data). Pure, so a retried transaction recomputes it.
 */
function planChunk(
  groups: UpsertRow[][],
  owners: Map<string, string>,
  nameOwners: Map<string, string>,
  stored: Map<string, DocumentData>,
  newId: () => string,
): ChunkResult {
  const result: ChunkResult = { outcomes: [], errors: [], merges: [], targets: [] };
  const existing = new Map<string, Target>();
  const existingTarget = (id: string): Target => {
    let target = existing.get(id);
    if (!target) {
      const data = stored.get(id) as DocumentData;
      const fields = fieldsOf(data);
      target = { id, fields, stored: fields, createdAt: data.createdAt };
      existing.set(id, target);
      result.targets.push(target);
    }
    return target;
  };
  for (const group of groups) {
    let target: Target | undefined;
    let createdBy: { line: number; outcome: Outcome } | undefined;
    for (const row of group) {
      const matched = [
        ...new Set(
          [
            ...customerKeys(row.fields).map((k) => owners.get(k.id)),
            nameOwners.get(nameKeyOf(row) ?? ''),
          ].filter((id): id is string => id !== undefined && stored.has(id)),
        ),
      ];
      const other = matched.find((id) => target?.stored && id !== target.id);
      if (matched.length > 1 || other) {
        const labels = [...new Set([...matched, ...(target?.stored ? [target.id] : [])])]
          .map((id) => customerLabel(fieldsOf(stored.get(id) as DocumentData)))
          .join(', ');
        result.errors.push({
          line: row.line,
          message: `Its phones and emails belong to different customers (${labels}); merge them first`,
        });
        continue;
      }
      if (matched.length === 1 && !target?.stored) {
        // The row belongs to a stored customer; a customer earlier rows were creating joins it.
        const into = existingTarget(matched[0]);
        if (target) {
          into.fields = unionFields(into.fields, target.fields);
          result.targets.splice(result.targets.indexOf(target), 1);
          if (createdBy) createdBy.outcome = 'updated';
        }
        target = into;
      }
      if (!target) {
        const problem = tooMany(row.fields);
        if (problem) {
          result.errors.push({ line: row.line, message: `The customer would have ${problem}` });
          continue;
        }
        target = {
          id: newId(),
          fields: row.fields,
          createdAt: row.createdAt ? Timestamp.fromDate(row.createdAt) : undefined,
        };
        result.targets.push(target);
        createdBy = { line: row.line, outcome: 'created' };
        result.outcomes.push(createdBy);
        continue;
      }
      const next = unionFields(target.fields, row.fields);
      const problem = tooMany(next);
      if (problem) {
        result.errors.push({ line: row.line, message: `The customer would have ${problem}` });
        continue;
      }
      const changed = !sameFields(next, target.fields);
      if (changed)
        result.merges.push({
          line: row.line,
          into: customerLabel(target.fields),
          added: addedValues(target.fields, next),
        });
      target.fields = next;
      result.outcomes.push({ line: row.line, outcome: changed ? 'updated' : 'skipped' });
    }
  }
  return result;
}

function estimatedWrites(group: UpsertRow[]): number {
  return 1 + new Set(group.flatMap((row) => customerKeys(row.fields).map((k) => k.id))).size;
}

/**
 * Writes the rows. With `refuse`, a row whose phone or email belongs to a stored customer
 * fails the whole call with a DuplicateCustomerError (quick add without "add anyway"); the
 * caller keeps such calls to one transaction.
 */
export async function upsertRows(
  rows: readonly UpsertRow[],
  options: {
    refuse?: boolean;
    withCustomers?: boolean;
    matchNames?: boolean;
    /** The owner of the customers it creates (the importer, the caller). */
    owner?: CustomerOwner;
  } = {},
): Promise<UpsertResult> {
  const matchNames = options.matchNames === true;
  const result: UpsertResult = {
    created: 0,
    updated: 0,
    skipped: 0,
    errors: [],
    merges: [],
    customers: [],
  };
  const chunks: UpsertRow[][][] = [];
  let chunk: UpsertRow[][] = [];
  let writes = 0;
  for (const group of groupRows(rows, matchNames)) {
    const cost = estimatedWrites(group);
    if (chunk.length > 0 && writes + cost > MAX_WRITES_PER_COMMIT) {
      chunks.push(chunk);
      chunk = [];
      writes = 0;
    }
    chunk.push(group);
    writes += cost;
  }
  if (chunk.length > 0) chunks.push(chunk);

  // Recent activity once for the whole write (its newest items), not once per chunk: ten items
  // a chunk made a 10,000-row import add 2,000, and one of 50,000 would outgrow the document.
  let recent = noRecent();
  const runChunk = async (groups: UpsertRow[][]) => {
    let records: RecordWriter | undefined;
    const outcome = await runInTransaction(async (tx) => {
      const keys = groups.flatMap((g) => g.flatMap((row) => customerKeys(row.fields)));
      const owners = await readKeyOwners(
        tx,
        keys.map((k) => k.id),
      );
      databaseAnswered();
      const readKeys = new Set(keys.map((k) => k.id));
      const stored = await readCustomers(tx, owners.values());
      databaseAnswered();
      const nameOwners = new Map<string, string>();
      if (matchNames) {
        const nameKeys = [...new Set(groups.flatMap((g) => g.map(nameKeyOf)))].filter(
          (k): k is string => !!k,
        );
        const found = await Promise.all(
          nameKeys.map((nameKey) => readCustomersNamed(tx, nameKey, 10)),
        );
        found.forEach((same, i) => {
          const match = same.docs.find((d) => {
            const fields = fieldsOf(d.data());
            return fields.phones.length + fields.emails.length === 0;
          });
          if (match) {
            nameOwners.set(nameKeys[i], match.id);
            stored.set(match.id, match.data());
          }
        });
      }
      if (options.refuse) {
        const taken = keys.find((k) => stored.has(owners.get(k.id) ?? ''));
        if (taken) {
          const ownerId = owners.get(taken.id) as string;
          throw duplicateError(taken, ownerId, stored.get(ownerId) as DocumentData);
        }
      }
      const planned = planChunk(groups, owners, nameOwners, stored, () => newCustomerRef().id);
      const now = Timestamp.now();
      const saved: Customer[] = [];
      const customerWrites: CustomerWrite[] = [];
      for (const target of planned.targets) {
        const ref = customerRef(target.id);
        const unchanged = target.stored && sameFields(target.fields, target.stored);
        if (unchanged) {
          saved.push(toCustomer(target.id, stored.get(target.id) as DocumentData));
          continue;
        }
        const before = target.stored ? stored.get(target.id) : undefined;
        const record = buildCustomerRecord(
          target.fields,
          {
            createdAt: target.createdAt instanceof Timestamp ? target.createdAt : now,
            updatedAt: now,
          },
          before ? carriedOwner([before]) : (options.owner ?? null),
        );
        const data = before
          ? {
              ...record,
              ...carriedWindows([before], target.fields.phones),
              ...carriedTax([before]),
            }
          : record;
        customerWrites.push({ ref, before: before ?? null, data });
        for (const key of customerKeys(target.fields)) {
          // Only the rows' keys were read; a stored customer's other keys stay as they are.
          if (!readKeys.has(key.id)) continue;
          const owner = owners.get(key.id);
          if (owner === target.id || (owner !== undefined && stored.has(owner))) continue;
          claimKey(tx, key, target.id);
        }
        saved.push(toCustomer(target.id, data));
      }
      // Recent activity after the commit, in a small transaction of its own: the chunk
      // transactions run side by side and would otherwise all conflict on its document.
      records = RecordWriter.deferred(tx);
      records.setCustomers(customerWrites);
      return { ...planned, saved };
    });
    databaseAnswered();
    if (records) recent = joinedRecent(recent, records.recentPart());
    for (const { outcome: o } of outcome.outcomes) result[o]++;
    result.errors.push(...outcome.errors);
    result.merges.push(...outcome.merges);
    if (options.withCustomers) result.customers.push(...outcome.saved);
  };
  // Chunks share no phone or email, so they run side by side; two that update the same stored
  // customer (through different keys) conflict, and the later transaction runs again on what
  // the first wrote.
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await runChunk(chunks[next++]);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_CHUNKS, chunks.length) }, worker));
  } finally {
    // The chunks committed before a failure show too.
    await applyRecent(recent);
  }
  result.errors.sort((a, b) => a.line - b.line);
  return result;
}
