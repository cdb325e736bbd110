// The one way to write customers and entries. Each write here moves the dashboard counters and
// recent activity beside the document, in the same transaction or batch, so a new way of saving
// a customer or an entry cannot leave the figures behind (test/architecture/record-writes.test.ts
// fails on a write of either collection made anywhere else). Notifications about the change go
// through the same writer, so they commit with it.
//
// In a transaction, open the writer with inTransaction among the transaction's reads (it reads
// recent activity). A batch, or a transaction that should not hold the recent-activity document,
// takes a deferred writer. Either way, call afterCommit() once the writes committed: it applies
// a deferred writer's recent activity, and rebuilds the list when a listed record was deleted.
// Fields no figure reads are written with patchRecord, which refuses any other field.
import {
  FieldPath,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Transaction,
  type UpdateData,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { markRequestWrite } from '../../http/idempotency';
import { CUSTOMERS } from '../customers/constants';
import {
  OPT_OUT_CHANGES_FIELD,
  OPT_OUTS_FIELD,
  WINDOWS_FIELD,
} from '../customers/whatsapp-windows';
import { OWNER_FIELD } from '../customers/owner';
import { TAX_FIELD } from '../customers/tax-details';
import { ENTRIES } from '../entries/constants';
import {
  applyCustomerChanges,
  applyEntryChanges,
  type Change,
  type CustomerState,
  type EntryState,
} from '../figures/contributions';
import {
  forgetRecent,
  newestStates,
  recentWriter,
  updateRecent,
  type RecentWriter,
} from '../figures/recent-activity';
import { addNotification, type Notice } from '../notifications/notice';

type Ref = DocumentReference;

/** What a transaction and a batch both do (their methods answer themselves, so differ in type). */
interface Writes {
  create(ref: Ref, data: DocumentData): unknown;
  set(ref: Ref, data: DocumentData): unknown;
  update(ref: Ref, data: UpdateData<DocumentData>): unknown;
  update(ref: Ref, field: string | FieldPath, value: unknown, ...more: unknown[]): unknown;
  delete(ref: Ref): unknown;
}

export class RecordWriter {
  /** Kept for afterCommit: the newest records written, and the ones deleted. */
  private readonly written = { entries: [] as EntryState[], customers: [] as CustomerState[] };
  private readonly deleted = { entries: [] as string[], customers: [] as string[] };

  private readonly writes: Writes;

  private constructor(
    private readonly writer: Transaction | WriteBatch,
    private readonly db: Firestore,
    /** Recent activity's writer in this transaction, or null: applied after the commit. */
    private readonly recent: RecentWriter | null,
  ) {
    this.writes = writer;
    // The request's idempotency key commits with the records (or the commit is refused when
    // the request was already answered 503).
    markRequestWrite(writer);
  }

  /** In a transaction: recent activity is merged in with the writes, without a read. */
  static async inTransaction(tx: Transaction, db: Firestore = getDb()): Promise<RecordWriter> {
    return new RecordWriter(tx, db, recentWriter(tx, db));
  }

  /**
   * In a batch, or a transaction that should not hold the recent-activity document (deletes,
   * import chunks running side by side): recent activity waits for afterCommit().
   */
  static deferred(writer: Transaction | WriteBatch, db: Firestore = getDb()): RecordWriter {
    return new RecordWriter(writer, db, null);
  }

  createEntry(ref: Ref, data: DocumentData): void {
    this.writes.create(ref, data);
    this.entriesChanged([[null, { id: ref.id, data }]]);
  }

  /** `update` is what is written; `after` is the whole entry once written. */
  updateEntry(
    ref: Ref,
    before: DocumentData,
    update: UpdateData<DocumentData>,
    after: DocumentData,
  ) {
    this.updateEntries([{ ref, before, update, after }]);
  }

  /** Many entries at once: one write per dashboard document however many entries. */
  updateEntries(updates: readonly EntryUpdate[]): void {
    for (const { ref, update } of updates) this.writes.update(ref, update);
    this.entriesChanged(
      updates.map(({ ref, before, after }) => [
        { id: ref.id, data: before },
        { id: ref.id, data: after },
      ]),
    );
  }

  deleteEntry(ref: Ref, before: DocumentData): void {
    this.writes.delete(ref);
    this.entriesChanged([[{ id: ref.id, data: before }, null]]);
    this.deleted.entries.push(ref.id);
  }

  createCustomer(ref: Ref, data: DocumentData): void {
    this.writes.create(ref, data);
    this.customersChanged([[null, { id: ref.id, data }]]);
  }

  /** Writes the whole customer (`before`: as it was, null when new). */
  setCustomer(ref: Ref, before: DocumentData | null, data: DocumentData): void {
    this.setCustomers([{ ref, before, data }]);
  }

  /** Many customers at once (an import chunk, a merge). */
  setCustomers(writes: readonly CustomerWrite[]): void {
    for (const { ref, before, data } of writes) {
      if (before) this.writes.set(ref, data);
      else this.writes.create(ref, data);
    }
    this.customersChanged(
      writes.map(({ ref, before, data }) => [
        before ? { id: ref.id, data: before } : null,
        { id: ref.id, data },
      ]),
    );
  }

  deleteCustomers(deletes: readonly { ref: Ref; before: DocumentData }[]): void {
    for (const { ref } of deletes) this.writes.delete(ref);
    this.customersChanged(deletes.map(({ ref, before }) => [{ id: ref.id, data: before }, null]));
    this.deleted.customers.push(...deletes.map(({ ref }) => ref.id));
  }

  /** A notification about these changes, committed with them. */
  notify(notice: Notice): DocumentReference {
    return addNotification(this.writer, notice);
  }

  /**
   * Once the writes committed: recent activity for a deferred writer's creates and edits, and,
   * when a deleted record was listed, the list rebuilt from the source.
   */
  async afterCommit(): Promise<void> {
    await applyRecent(this.recentPart(), this.db);
  }

  /** This writer's part of recent activity: for afterCommit, or a write made in pages (joinedRecent). */
  recentPart(): RecentPart {
    return {
      entries: this.written.entries,
      customers: this.written.customers,
      deleted: this.deleted,
    };
  }

  private entriesChanged(changes: readonly Change<EntryState>[]): void {
    applyEntryChanges(this.writer, changes, this.db);
    this.listed('entries', changes);
  }

  private customersChanged(changes: readonly Change<CustomerState>[]): void {
    applyCustomerChanges(this.writer, changes, this.db);
    this.listed('customers', changes);
  }

  /** Recent activity: applied in the transaction, or kept (the newest only) for afterCommit. */
  private listed(kind: 'entries' | 'customers', changes: readonly Change<EntryState>[]): void {
    const states = changes.flatMap(([, after]) => (after ? [after] : []));
    if (states.length === 0) return;
    if (this.recent) this.recent({ [kind]: states });
    else this.written[kind] = newestStates([...this.written[kind], ...states]);
  }
}

/** What recent activity needs of committed writes: their newest records, and the deleted ids. */
export interface RecentPart {
  entries: EntryState[];
  customers: CustomerState[];
  deleted: { entries: string[]; customers: string[] };
}

export const noRecent = (): RecentPart => ({
  entries: [],
  customers: [],
  deleted: { entries: [], customers: [] },
});

/**
 * Two parts as one (the newest records of both). A write made in pages joins each page's part
 * as it commits and applies the sum once, so no page's writes stay in memory until the last
 * page committed (what they held: docs/benchmarks.md).
 */
export function joinedRecent(a: RecentPart, b: RecentPart): RecentPart {
  return {
    entries: newestStates([...a.entries, ...b.entries]),
    customers: newestStates([...a.customers, ...b.customers]),
    deleted: {
      entries: [...a.deleted.entries, ...b.deleted.entries],
      customers: [...a.deleted.customers, ...b.deleted.customers],
    },
  };
}

/** Recent activity for committed writes: one merge of their items, a rebuild if a deleted one was listed. */
export async function applyRecent(part: RecentPart, db: Firestore = getDb()): Promise<void> {
  const { entries, customers, deleted } = part;
  if (entries.length > 0 || customers.length > 0) {
    await updateRecent({ entries, customers }, db);
  }
  if (deleted.entries.length > 0 || deleted.customers.length > 0) {
    await forgetRecent(deleted, db);
  }
}

export interface EntryUpdate {
  ref: Ref;
  before: DocumentData;
  update: UpdateData<DocumentData>;
  after: DocumentData;
}

export interface CustomerWrite {
  ref: Ref;
  before: DocumentData | null;
  data: DocumentData;
}

/**
 * The fields of a customer or an entry that no dashboard figure, recent-activity item or
 * notification reads: patchRecord writes them as they are (a follow-up's line on its entry, a
 * message's delivery state, a file that arrived after its message, a WhatsApp window, the
 * customer's owner and the filter keys that name it).
 */
const OUTSIDE_FIGURES: Record<string, ReadonlySet<string>> = {
  [ENTRIES]: new Set(['followUps', 'updatedAt', 'dispatch', 'attachments', 'inbound']),
  [CUSTOMERS]: new Set([
    WINDOWS_FIELD,
    OPT_OUTS_FIELD,
    OPT_OUT_CHANGES_FIELD,
    OWNER_FIELD,
    'categoryKeys',
    TAX_FIELD,
    'updatedAt',
  ]),
};

/** Which top-level field a field path of an update names. */
const topField = (path: string | FieldPath) =>
  path instanceof FieldPath ? path.toString().split('.')[0].replace(/`/g, '') : path.split('.')[0];

/**
 * Updates fields of any document, as (field, value) pairs; those of a customer or an entry must
 * be outside the figures (OUTSIDE_FIGURES), or it throws: the rest goes through RecordWriter.
 */
export function patchRecord(
  writer: Writes,
  ref: DocumentReference,
  ...fields: [string | FieldPath, unknown][]
): void {
  const allowed = OUTSIDE_FIGURES[ref.parent.path];
  const counted = allowed && fields.find(([f]) => !allowed.has(topField(f)));
  if (counted)
    throw new Error(`${ref.parent.path} ${String(counted[0])} is counted: use RecordWriter`);
  const [[field, value], ...rest] = fields;
  const more = rest.flat();
  writer.update(ref, field, value, ...more);
}
