// Changing one entry: PUT (its fields, with an 'edited' history item holding the snapshot
// before and after), the status moves (confirm, approve, reject), assigning an employee and
// deleting. Each change, its history item and its notification (domain/entries/notices.ts) are written in
// one transaction.
import type { DocumentData, DocumentReference } from 'firebase-admin/firestore';
import { displayName, getApprovedUser } from '../../domain/identity/user-store';
import { HttpError } from '../../http/errors';
import { timestampNow } from '../../timestamps';
import { normalizeCustomerInput } from '../../domain/customers/normalize';
import type { Notice } from '../../domain/notifications/notice';
import { RecordWriter } from '../../domain/writes/records';
import { runInTransaction } from '../../domain/writes/transaction';
import { deleteEntryTree, entryRef, newHistoryItemRef } from '../../domain/entries/store';
import { deleteFollowUpsOfEntry } from '../../domain/followups/of-entry';
import type { Actor } from '../../domain/entries/actor';
import { resolveAttachments } from './attachments';
import { NOT_FOUND, type EntryStatus } from '../../domain/entries/constants';
import { byActor, historyDoc } from '../../domain/entries/history';
import { assignedNotice, confirmedNotice } from '../../domain/entries/notices';
import {
  customerCopy,
  derivedFields,
  employeeOf,
  snapshotOf,
  toEntry,
  withoutUndefined,
  type Entry,
} from '../../domain/entries/record';
import type { UpdateInput } from './schemas';

const FIELD_LABELS: Record<string, string> = {
  description: 'description',
  category: 'category',
  channel: 'channel',
  tags: 'tags',
  process: 'process',
  extraNote: 'extra note',
  attachments: 'attachments',
  amount: 'amount',
  currency: 'currency',
  customer: 'customer',
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface PlannedChange {
  set: DocumentData;
  /** The history item's text. */
  text: string;
  notice?: Notice;
}

/**
 * Runs `change` on the entry in a transaction: it answers the fields to set (or null for no
 * change), the history item's text and the notification to write, if any. Answers the entry as
 * it ends up.
 */
export async function changeEntry(
  id: string,
  by: { uid: string | null; name: string },
  change: (data: DocumentData) => PlannedChange | null,
): Promise<Entry> {
  const ref: DocumentReference = entryRef(id);
  const item = newHistoryItemRef(id);
  return runInTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const data = snapshot.data();
    if (!data) throw new HttpError(404, NOT_FOUND);
    const planned = change(data);
    if (!planned) return toEntry(id, data);
    const records = await RecordWriter.inTransaction(tx);
    const next: DocumentData = { ...data, ...planned.set, updatedAt: timestampNow() };
    const derived = derivedFields(next);
    const update = withoutUndefined({ ...planned.set, ...derived, updatedAt: next.updatedAt });
    records.updateEntry(ref, data, update, { ...next, ...derived });
    tx.create(
      item,
      historyDoc({
        type: 'edited',
        text: planned.text,
        by,
        snapshot: snapshotOf(next),
        previous: snapshotOf(data),
      }),
    );
    if (planned.notice) records.notify(planned.notice);
    return toEntry(id, { ...next, ...derived });
  });
}

export async function updateEntry(id: string, input: UpdateInput, actor: Actor): Promise<Entry> {
  const attachments = input.attachments ? await resolveAttachments(input.attachments) : undefined;
  let customerPatch: Partial<Record<'names' | 'phones' | 'emails', string[]>> | undefined;
  if (input.customer) {
    const { fields, issues } = normalizeCustomerInput(input.customer);
    if (issues.length > 0) {
      const fieldsMap = Object.fromEntries(
        issues.map((i) => [['customer', ...i.path].join('.'), i.message]),
      );
      throw new HttpError(400, issues.map((i) => i.message).join('; '), fieldsMap);
    }
    customerPatch = {};
    for (const key of ['names', 'phones', 'emails'] as const)
      if (input.customer[key] !== undefined) customerPatch[key] = fields[key];
  }
  return changeEntry(id, byActor(actor), (data) => {
    const set: DocumentData = {};
    const candidates: DocumentData = {
      description: input.description,
      category: input.category,
      channel: input.channel,
      tags: input.tags,
      process: input.process,
      extraNote: input.extraNote,
      attachments,
      amount: input.amount,
      currency: input.currency,
    };
    for (const [field, value] of Object.entries(candidates))
      if (value !== undefined && !same(data[field], value)) set[field] = value;
    if (customerPatch) {
      const current = customerCopy(data.customer);
      const next = { ...current, ...customerPatch };
      if (!same(current, next)) set.customer = { ...(data.customer ?? {}), ...customerPatch };
    }
    const changed = Object.keys(set);
    if (changed.length === 0) return null;
    return { set, text: `Edited: ${changed.map((f) => FIELD_LABELS[f] ?? f).join(', ')}` };
  });
}

interface StatusMove {
  to: EntryStatus;
  /** Statuses the move starts from; others are refused with `refusal`. */
  from?: EntryStatus[];
  refusal?: string;
  text: string;
  notice?: (entryId: string, data: DocumentData, actor: Actor) => Notice;
}

export const MOVES = {
  confirm: { to: 'confirmed', text: 'Confirmed', notice: confirmedNotice },
  approve: {
    to: 'approved',
    from: ['pending'],
    refusal: 'Only a pending entry can be approved',
    text: 'Approved',
  },
  reject: {
    to: 'cancelled',
    from: ['pending'],
    refusal: 'Only a pending entry can be rejected',
    text: 'Rejected',
  },
} as const satisfies Record<string, StatusMove>;

export function moveStatus(id: string, move: StatusMove, actor: Actor): Promise<Entry> {
  return changeEntry(id, byActor(actor), (data) => {
    const status = typeof data.status === 'string' && data.status ? data.status : 'pending';
    // Done already (a double click, a retried call): nothing to change.
    if (status === move.to) return null;
    if (move.from && !(move.from as readonly string[]).includes(status))
      throw new HttpError(409, move.refusal ?? 'Not possible in this status');
    return {
      set: { status: move.to },
      text: `${move.text} by ${actor.name}`,
      notice: move.notice?.(id, data, actor),
    };
  });
}

export async function assignEmployee(
  id: string,
  employeeId: string | null,
  actor: Actor,
): Promise<Entry> {
  let employee: { _id: string; name: string; email: string } | null = null;
  if (employeeId !== null) {
    const refusal = () =>
      new HttpError(400, 'Employee not found or not approved', {
        employeeId: 'Employee not found or not approved',
      });
    const user = await getApprovedUser(employeeId);
    if (!user) throw refusal();
    employee = {
      _id: user._id,
      name: displayName({ ...user, fullName: user.fullName.trim() }),
      email: user.email,
    };
  }
  return changeEntry(id, byActor(actor), (data) => {
    const current = employeeOf(data.employee);
    if ((current?._id ?? null) === (employee?._id ?? null)) return null;
    return {
      set: { employee },
      text: employee ? `Assigned to ${employee.name}` : 'Unassigned',
      notice: employee ? assignedNotice(id, data, employee._id, actor) : undefined,
    };
  });
}

/** Deletes the entry, its history and its follow-ups (so none of them is sent any more). */
export async function deleteEntry(id: string): Promise<void> {
  const ref = entryRef(id);
  const snapshot = await ref.get();
  if (!snapshot.exists) throw new HttpError(404, NOT_FOUND);
  await deleteFollowUpsOfEntry(id);
  // The entry and its dashboard counters go in one transaction; then its history.
  let records: RecordWriter | undefined;
  await runInTransaction(async (tx) => {
    records = undefined;
    const data = (await tx.get(ref)).data();
    if (!data) return;
    records = RecordWriter.deferred(tx);
    records.deleteEntry(ref, data);
  });
  await records?.afterCommit();
  await deleteEntryTree(ref);
}
