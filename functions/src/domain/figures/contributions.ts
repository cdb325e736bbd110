// What one entry or customer adds to the dashboard figures: every write of customers and entries
// calls applyEntryChange / applyCustomerChange (or the plural forms) in its own transaction or
// batch, which hands the change's delta to summary.ts, the figures' one writer (by increments:
// no reads, so it can run after the transaction's reads and beside its writes). Pending employees
// are counted by the overview itself (a count query). The recompute job repairs any drift.
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { CHANNEL_LABELS } from '../../contract/entries';
import { getDb } from '../../firebase';
import { FUNNEL_STAGES } from './constants';
import { dayKey, monthKey, toMillis } from './days';
import type { CommitWriter } from './kept-lists';
import {
  addMonthTotals,
  emptyDelta,
  recentMonths,
  writeSummaryDelta,
  type MonthTotals,
  type SummaryDelta,
} from './summary';

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
  /** What the entry adds to its employee's month (My day's month). */
  monthTotals: MonthTotals;
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
    monthTotals: {
      entries: 1,
      amount,
      confirmed: status === 'confirmed' ? 1 : 0,
      confirmedAmount: status === 'confirmed' ? amount : 0,
    },
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

/** Adds `sign` × the figures to the delta. */
function addTo(delta: SummaryDelta, f: EntryFigures, sign: 1 | -1): void {
  const bump = (map: Record<string, number>, key: string) => {
    map[key] = (map[key] ?? 0) + sign;
  };
  const counts = delta.counts;
  counts.totalEntries = (counts.totalEntries ?? 0) + f.totalEntries * sign;
  counts.confirmedOrders = (counts.confirmedOrders ?? 0) + f.confirmedOrders * sign;
  counts.pendingEntries = (counts.pendingEntries ?? 0) + f.pendingEntries * sign;
  const map = (name: keyof SummaryDelta['maps']) => (delta.maps[name] ??= {});
  if (f.day) bump(map('days'), f.day);
  if (f.month) bump(map('months'), f.month);
  for (const c of f.channels) bump(map('channels'), c);
  bump(map('processes'), f.process);
  if (f.category) bump(map('categories'), f.category);
  if (f.employee) bump(delta.employeeEntries, f.employee.id);
  if (f.employee && f.month && f.month >= recentMonths().previous)
    addMonthTotals(delta.employeeMonths, f.month, f.employee.id, f.monthTotals, sign);
}

type Writer = CommitWriter;

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
  const delta = emptyDelta();
  for (const [before, after] of changes) {
    const old = before ? entryFigures(before.data) : null;
    const next = after ? entryFigures(after.data) : null;
    if (old) addTo(delta, old, -1);
    if (next) addTo(delta, next, 1);
    // Employee names and revenue names follow the entry's latest copy.
    if (next?.employee) delta.employeeNames.set(next.employee.id, next.employee.name);
    if (old?.revenue) {
      const r = delta.revenue.get(old.revenue.customerId) ?? { amount: 0 };
      delta.revenue.set(old.revenue.customerId, { ...r, amount: r.amount - old.revenue.amount });
    }
    if (next?.revenue) {
      const r = delta.revenue.get(next.revenue.customerId) ?? { amount: 0 };
      delta.revenue.set(next.revenue.customerId, {
        amount: r.amount + next.revenue.amount,
        name: next.revenue.name,
      });
    }
  }
  writeSummaryDelta(tx, db, delta);
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
  const delta = emptyDelta();
  let count = 0;
  for (const [before, after] of changes) count += (after ? 1 : 0) - (before ? 1 : 0);
  delta.counts.totalCustomers = count;
  writeSummaryDelta(tx, db, delta);
}
