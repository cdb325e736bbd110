// What one entry or customer adds to the dashboard figures, and the in-transaction counters:
// every write of customers and entries calls applyEntryChange / applyCustomerChange (or the
// plural forms) in its own transaction or batch, which moves the counters by increments (no
// reads, so it can run after the transaction's reads and beside its writes). Pending employees
// are counted by the overview itself (a count query). The recompute job repairs any drift.
import {
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type SetOptions,
} from 'firebase-admin/firestore';
import { CHANNEL_LABELS } from '../../contract/entries';
import { getDb } from '../../firebase';
import { DASHBOARD, FUNNEL_STAGES, REVENUE, SUMMARY_ID } from './constants';
import { dayKey, monthKey, toMillis } from './days';

/** An entry as stored (or null: none) with its id. */
export interface EntryState {
  id: string;
  data: DocumentData;
}
export type CustomerState = EntryState;

export interface EntryFigures {
  totalEntries: number;
  confirmedOrders: number;
  pendingEntries: number;
  day: string | null;
  month: string | null;
  channels: ('whatsapp' | 'email' | 'other')[];
  process: string;
  category: string | null;
  employee: { id: string; name: string } | null;
  revenue: { customerId: string; name: string; amount: number } | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const record = (v: unknown): DocumentData =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as DocumentData) : {};
const firstName = (customer: unknown): string => {
  const names = record(customer).names;
  return Array.isArray(names) && typeof names[0] === 'string' ? names[0] : '';
};

export function statusOf(data: DocumentData): string {
  return text(data.status) || 'pending';
}

/** An entry sent on both channels counts for each; anything else is 'other'. */
export function channelsOf(data: DocumentData): ('whatsapp' | 'email' | 'other')[] {
  const list = Array.isArray(data.channels) ? data.channels.map(text) : [];
  const channel = text(data.channel);
  const wa = channel === 'whatsapp' || channel === 'multiple' || list.includes('whatsapp');
  const em = channel === 'email' || channel === 'multiple' || list.includes('email');
  const out: ('whatsapp' | 'email' | 'other')[] = [];
  if (wa) out.push('whatsapp');
  if (em) out.push('email');
  return out.length > 0 ? out : ['other'];
}

/** Processes outside the process list (or none) count as 'Other'. */
export function stageOf(data: DocumentData): string {
  const process = text(data.process);
  return (FUNNEL_STAGES as readonly string[]).includes(process) ? process : 'Other';
}

export function entryFigures(data: DocumentData): EntryFigures {
  const status = statusOf(data);
  const ms = toMillis(data.createdAt);
  const employee = record(data.employee);
  const employeeId = text(employee._id) || text(data.employeeId);
  const amount = typeof data.amount === 'number' && Number.isFinite(data.amount) ? data.amount : 0;
  const customerId = text(data.customerId);
  return {
    totalEntries: 1,
    confirmedOrders: status === 'confirmed' ? 1 : 0,
    pendingEntries: status === 'pending' ? 1 : 0,
    day: ms === null ? null : dayKey(ms),
    month: ms === null ? null : monthKey(ms),
    channels: channelsOf(data),
    process: stageOf(data),
    category: text(data.category) || null,
    employee: employeeId
      ? { id: employeeId, name: text(employee.name) || text(employee.email) || 'Employee' }
      : null,
    revenue:
      status === 'confirmed' && customerId
        ? { customerId, name: firstName(data.customer) || 'Customer', amount }
        : null,
  };
}

const channelLabel = (channel: string) => CHANNEL_LABELS[channel || 'manual'] ?? channel;

/** The recent-activity item of an entry or a customer. */
export function entryActivity(data: DocumentData) {
  const name = firstName(data.customer) || 'Customer';
  const description = text(data.description);
  const employee = text(record(data.employee).name);
  return {
    type: 'entry',
    text: description ? `${name}: ${description.slice(0, 120)}` : `Entry for ${name}`,
    meta: [channelLabel(text(data.channel)), statusOf(data), employee].filter(Boolean).join(' · '),
    when: data.createdAt ?? null,
  };
}

export function customerActivity(data: DocumentData) {
  const names = Array.isArray(data.names) ? data.names.filter((n) => typeof n === 'string') : [];
  const phones = Array.isArray(data.phones) ? data.phones : [];
  const emails = Array.isArray(data.emails) ? data.emails : [];
  const label = names[0] || emails[0] || phones[0] || 'Customer';
  return {
    type: 'customer',
    text: `New customer ${String(label)}`,
    meta: [...(Array.isArray(data.categories) ? data.categories : [])].join(', '),
    when: data.createdAt ?? null,
  };
}

/** Adds `sign` × the figures to the summary delta. */
function addTo(delta: Record<string, unknown>, f: EntryFigures, sign: 1 | -1): void {
  const bump = (path: string[], n: number) => {
    let node = delta as Record<string, unknown>;
    for (const key of path.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const last = path[path.length - 1]!;
    node[last] = ((node[last] as number | undefined) ?? 0) + n * sign;
  };
  bump(['totalEntries'], f.totalEntries);
  bump(['confirmedOrders'], f.confirmedOrders);
  bump(['pendingEntries'], f.pendingEntries);
  if (f.day) bump(['days', f.day], 1);
  if (f.month) bump(['months', f.month], 1);
  for (const c of f.channels) bump(['channels', c], 1);
  bump(['processes', f.process], 1);
  if (f.category) bump(['categories', f.category], 1);
  if (f.employee) bump(['employees', f.employee.id, 'entries'], 1);
}

/** Turns a numeric delta tree into increments, leaving out zeros (null when nothing moves). */
function increments(delta: Record<string, unknown>): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(delta)) {
    if (typeof value === 'number') {
      if (value !== 0) out[key] = FieldValue.increment(value);
    } else {
      const inner = increments(value as Record<string, unknown>);
      if (inner) out[key] = inner;
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** A transaction or a batch: the counters are written beside the change they count. */
interface Writer {
  set(ref: DocumentReference, data: DocumentData, options: SetOptions): unknown;
}

/** A document going from `before` to `after` (null: none). */
export type Change<State> = readonly [before: State | null, after: State | null];

/** Moves the counters for an entry going from `before` to `after` (null: none). */
export function applyEntryChange(
  tx: Writer,
  before: EntryState | null,
  after: EntryState | null,
  db: Firestore = getDb(),
): void {
  applyEntryChanges(tx, [[before, after]], db);
}

/**
 * Moves the counters for many entries at once (a batch moving a merged customer's entries):
 * one write per dashboard document however many entries, so the batch stays within its limit.
 */
export function applyEntryChanges(
  tx: Writer,
  changes: readonly Change<EntryState>[],
  db: Firestore = getDb(),
): void {
  const delta: Record<string, unknown> = {};
  const employeeNames = new Map<string, string>();
  const revenue = new Map<string, { amount: number; name?: string }>();
  for (const [before, after] of changes) {
    const old = before ? entryFigures(before.data) : null;
    const next = after ? entryFigures(after.data) : null;
    if (old) addTo(delta, old, -1);
    if (next) addTo(delta, next, 1);
    // Employee names and revenue names follow the entry's latest copy.
    if (next?.employee) employeeNames.set(next.employee.id, next.employee.name);
    if (old?.revenue) {
      const r = revenue.get(old.revenue.customerId) ?? { amount: 0 };
      revenue.set(old.revenue.customerId, { ...r, amount: r.amount - old.revenue.amount });
    }
    if (next?.revenue) {
      const r = revenue.get(next.revenue.customerId) ?? { amount: 0 };
      revenue.set(next.revenue.customerId, {
        amount: r.amount + next.revenue.amount,
        name: next.revenue.name,
      });
    }
  }

  const summary: Record<string, unknown> = increments(delta) ?? {};
  if (employeeNames.size > 0) {
    const employees = (summary.employees ?? {}) as Record<string, Record<string, unknown>>;
    for (const [id, name] of employeeNames) employees[id] = { ...employees[id], name };
    summary.employees = employees;
  }
  if (Object.keys(summary).length > 0)
    tx.set(db.collection(DASHBOARD).doc(SUMMARY_ID), summary, { merge: true });

  // Revenue per customer (top customers): one document each. A customer's document stays when
  // it is deleted or merged away (at 0 once its entries moved); the recompute job removes it.
  for (const [customerId, { amount, name }] of revenue) {
    const fields: Record<string, unknown> = {};
    if (name !== undefined) fields.name = name;
    if (amount !== 0) fields.amount = FieldValue.increment(amount);
    if (Object.keys(fields).length > 0)
      tx.set(db.collection(REVENUE).doc(customerId), fields, { merge: true });
  }
}

/** Moves the counters for a customer going from `before` to `after` (null: none). */
export function applyCustomerChange(
  tx: Writer,
  before: CustomerState | null,
  after: CustomerState | null,
  db: Firestore = getDb(),
): void {
  applyCustomerChanges(tx, [[before, after]], db);
}

/** Moves the counters for many customers at once (an import chunk, a merge). */
export function applyCustomerChanges(
  tx: Writer,
  changes: readonly Change<CustomerState>[],
  db: Firestore = getDb(),
): void {
  let count = 0;
  for (const [before, after] of changes) count += (after ? 1 : 0) - (before ? 1 : 0);
  if (count !== 0) {
    tx.set(
      db.collection(DASHBOARD).doc(SUMMARY_ID),
      { totalCustomers: FieldValue.increment(count) },
      { merge: true },
    );
  }
}
