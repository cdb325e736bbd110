// Dashboard tests: a seeded random source, every dashboard answer through the HTTP app, and the
// same answers computed the obvious way from the source documents (entries, customers, users).
import type { DocumentData, QueryDocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { dayKey, monthKey, previousMonth, addDays } from '../../src/domain/figures/days';
import { customerActivity, entryActivity } from '../../src/domain/figures/contributions';
import { clearDashboardCache } from '../../src/features/dashboard/read';
import { getDb } from '../../src/firebase';

/** A small deterministic random source. */
export function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}
export const pick = <T>(r: () => number, list: readonly T[]): T =>
  list[Math.floor(r() * list.length)]!;
export function shuffled<T>(r: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export const DASHBOARD_PATHS = [
  '/overview',
  '/series?range=30d',
  '/channel-breakdown',
  '/recent',
  '/dashboard/funnel',
  '/dashboard/categories',
  '/dashboard/employees',
  '/followups/due?days=3',
  '/admin/stats',
  '/notifications/latest',
];

/** Every dashboard call as the page makes them (the summary cache forgotten first). */
export async function loadDashboard(app: Express) {
  clearDashboardCache();
  const answers = await Promise.all(DASHBOARD_PATHS.map((p) => request(app).get(`/api${p}`)));
  for (const a of answers) expect(a.status, a.text).toBe(200);
  return Object.fromEntries(DASHBOARD_PATHS.map((p, i) => [p, answers[i]!.body]));
}

const STAGES = [
  'Lead Generation',
  'Follow-up',
  'Quotation',
  'Negotiation',
  'Closing',
  'Onboarding',
  'After-Sales Support',
  'Other',
];
const statusOf = (e: DocumentData) => (e.status as string | undefined) || 'pending';
const has = (e: DocumentData, channel: string) =>
  e.channel === channel ||
  e.channel === 'multiple' ||
  (Array.isArray(e.channels) && e.channels.includes(channel));

function counted<T>(items: T[], keyOf: (item: T) => string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Recent activity from every entry and customer: the 10 newest together, newest first (items
 * created at the same instant by key, descending), each shown as the product words it.
 */
function newestActivity(entries: QueryDocumentSnapshot[], customers: QueryDocumentSnapshot[]) {
  const all = [
    ...entries.map((d) => ({ key: `entry_${d.id}`, item: entryActivity(d.data()) })),
    ...customers.map((d) => ({ key: `customer_${d.id}`, item: customerActivity(d.data()) })),
  ].map((x) => ({ ...x, ms: (x.item.when as Timestamp).toMillis() }));
  all.sort((a, b) => b.ms - a.ms || (a.key < b.key ? 1 : -1));
  return all.slice(0, 10).map(({ item, ms }) => ({
    type: item.type,
    text: item.text,
    meta: item.meta,
    when: new Date(ms).toISOString(),
  }));
}

/**
 * The dashboard's figures (README definitions) from the source documents at `nowMs`: the
 * overview with top customers, the series, channels, funnel, categories, employees and recent
 * activity.
 */
export async function bruteForce(nowMs: number) {
  const db = getDb();
  const [entrySnap, customerSnap, pendingUsers] = await Promise.all([
    db.collection('entries').get(),
    db.collection('customers').get(),
    db.collection('users').where('approved', '==', false).get(),
  ]);
  const entries = entrySnap.docs.map((d) => d.data());
  const dayOf = (e: DocumentData) => dayKey(e.createdAt.toMillis());
  const month = monthKey(nowMs);
  const months = counted(entries, (e) => dayOf(e).slice(0, 7));

  const revenue = new Map<string, { name: string; amount: number }>();
  for (const e of entries.filter((e) => statusOf(e) === 'confirmed')) {
    const r = revenue.get(e.customerId) ?? { name: e.customer?.names?.[0] ?? '', amount: 0 };
    r.amount += e.amount ?? 0;
    revenue.set(e.customerId, r);
  }
  const byCount = (a: [string, number], b: [string, number]) =>
    b[1] - a[1] || a[0].localeCompare(b[0]);
  const perDay = counted(entries, dayOf);
  const today = dayKey(nowMs);
  const employees = new Map<string, { name: string; entries: number }>();
  for (const e of entries.filter((e) => e.employee?._id)) {
    const got = employees.get(e.employee._id) ?? { name: e.employee.name, entries: 0 };
    got.entries += 1;
    employees.set(e.employee._id, got);
  }
  const stages = counted(entries, (e) => (STAGES.includes(e.process) ? e.process : 'Other'));

  return {
    overview: {
      totalCustomers: customerSnap.size,
      totalEntries: entries.length,
      confirmedOrders: entries.filter((e) => statusOf(e) === 'confirmed').length,
      pendingApprovals: entries.filter((e) => statusOf(e) === 'pending').length + pendingUsers.size,
      entriesThisMonth: months.get(month) ?? 0,
      entriesLastMonth: months.get(previousMonth(month)) ?? 0,
      topCustomers: [...revenue.values()]
        .filter((r) => r.amount > 0)
        .sort((a, b) => b.amount - a.amount)
        .slice(0, 5),
    },
    series: Array.from({ length: 30 }, (_, i) => {
      const date = addDays(today, i - 29);
      return { date, value: perDay.get(date) ?? 0 };
    }),
    channels: {
      whatsapp: entries.filter((e) => has(e, 'whatsapp')).length,
      email: entries.filter((e) => has(e, 'email')).length,
      other: entries.filter((e) => !has(e, 'whatsapp') && !has(e, 'email')).length,
    },
    funnel: STAGES.map((stage) => ({ stage, count: stages.get(stage) ?? 0 })),
    categories: [...counted(entries, (e) => e.category || null)]
      .sort(byCount)
      .map(([category, count]) => ({ category, count })),
    employees: [...employees.values()]
      .sort((a, b) => b.entries - a.entries || a.name.localeCompare(b.name))
      .map(({ name, entries: n }) => ({ name, entries: n })),
    recent: newestActivity(entrySnap.docs, customerSnap.docs),
  };
}
