// What the dashboard routes answer, read from the dashboard documents. The summary document is
// shared by six of the dashboard's calls, which the page makes together: one instance reads it
// once per load (kept SUMMARY_TTL_MS after the read), so a full dashboard load reads a fixed
// handful of documents. A call made because of a change (the page got a notification) names the
// change's time (`since`), and is never answered from a read that started before that change
// committed; a write served by the instance drops the kept read.
import type { NextFunction, Request, Response } from 'express';
import { Timestamp } from 'firebase-admin/firestore';
import { scheduledFollowUpsDue } from '../../domain/followups/due';
import { countPendingUsers } from '../../domain/identity/user-store';
import { now } from '../../clock';
import { toIso } from '../../timestamps';
import {
  DEFAULT_DUE_DAYS,
  FOLLOW_UPS_DUE_LIMIT,
  FUNNEL_STAGES,
  SERIES_DAYS,
  TOP_CUSTOMERS,
} from '../../domain/figures/constants';
import { addDays, dayKey, monthKey, previousMonth, startOfDay } from '../../domain/figures/days';
import { keptLists, type KeptLists } from '../../domain/figures/kept-lists';
import { readRecentItems } from '../../domain/figures/recent-activity';
import {
  emptySummary,
  readStoredSummary,
  readStoredTotals,
  readTopRevenue,
  type Summary,
  type SummaryTotals,
} from '../../domain/figures/summary';

/** How long a finished summary read answers this instance's calls (one page load's burst). */
export const SUMMARY_TTL_MS = 2000;
/** The shared read: when it started, and when it finished (undefined while in flight). */
let cached: { startedAt: number; doneAt?: number; value: Promise<Summary> } | null = null;

/** Forgets the cached summary (tests, after writes they want to see at once). */
export function clearDashboardCache(): void {
  cached = null;
}

/**
 * Express middleware: once a write call served by this instance has answered, the next
 * dashboard call reads the summary again, so a user who saves and opens the dashboard sees it.
 */
export function freshSummaryAfterWrites(req: Request, res: Response, next: NextFunction) {
  if (req.method !== 'GET' && req.method !== 'HEAD') res.on('finish', clearDashboardCache);
  next();
}

/**
 * The summary's counts as stored now (one read, not shared), or null before the first write or
 * job made it: the lists' unfiltered totals, which a count would bill at one read per 1,000
 * documents.
 */
export async function storedTotals(): Promise<SummaryTotals | null> {
  return readStoredTotals();
}

/** How long after a change's time (its notification's) its write may still be committing. */
export const COMMIT_MARGIN_MS = 500;

const usable = (notBefore: number) =>
  cached !== null &&
  cached.startedAt >= notBefore &&
  (cached.doneAt === undefined || now() - cached.doneAt <= SUMMARY_TTL_MS);

/**
 * The summary; for a call made because of a change at `changedAt` (ms, the functions' clock),
 * from a read that started after that change committed, shared by the calls of that refetch.
 */
export async function readSummary(changedAt = 0): Promise<Summary> {
  // A change from the future (a client's clock, a forged value) waits no longer than a real one.
  const notBefore = changedAt > 0 ? Math.min(changedAt, now()) + COMMIT_MARGIN_MS : 0;
  if (usable(notBefore)) return cached!.value;
  const wait = notBefore - now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  // Another call of the same refetch may have started the read while this one waited.
  if (usable(notBefore)) return cached!.value;
  const value = readStoredSummary().then((summary) => summary ?? emptySummary());
  const entry: NonNullable<typeof cached> = { startedAt: now(), value };
  value.then(
    () => (entry.doneAt = now()),
    () => {
      if (cached === entry) cached = null;
    },
  );
  cached = entry;
  return value;
}

/** `kept`: the kept lists as the call reads them (one read for all its parts). */
export async function overview(changedAt = 0, kept: KeptLists = keptLists()) {
  const [summary, topCustomers, pendingUsers] = await Promise.all([
    readSummary(changedAt),
    kept.read('topRevenue', '', () => readTopRevenue(TOP_CUSTOMERS)),
    kept.read('pendingUsers', '', async () => [await countPendingUsers()]),
  ]);
  const month = monthKey(now());
  return {
    totalCustomers: summary.totalCustomers,
    totalEntries: summary.totalEntries,
    confirmedOrders: summary.confirmedOrders,
    pendingApprovals: summary.pendingEntries + (pendingUsers[0] ?? 0),
    entriesThisMonth: summary.months[month] ?? 0,
    entriesLastMonth: summary.months[previousMonth(month)] ?? 0,
    topCustomers,
  };
}

/** Entries per company day, the last `days` days up to today, oldest first. */
export async function series(days = SERIES_DAYS, changedAt = 0) {
  const summary = await readSummary(changedAt);
  const today = dayKey(now());
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i - days + 1);
    return { date, value: summary.days[date] ?? 0 };
  });
}

export async function channelBreakdown(changedAt = 0) {
  const { channels } = await readSummary(changedAt);
  return {
    whatsapp: channels.whatsapp ?? 0,
    email: channels.email ?? 0,
    other: channels.other ?? 0,
  };
}

export async function funnel(changedAt = 0) {
  const { processes } = await readSummary(changedAt);
  return FUNNEL_STAGES.map((stage) => ({ stage, count: processes[stage] ?? 0 }));
}

export async function categories(changedAt = 0) {
  const { categories: byCategory } = await readSummary(changedAt);
  return Object.entries(byCategory)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([category, count]) => ({ category, count }));
}

export async function employees(changedAt = 0) {
  const { employees: byEmployee } = await readSummary(changedAt);
  return Object.values(byEmployee)
    .filter((e) => e.entries > 0)
    .sort((a, b) => b.entries - a.entries || a.name.localeCompare(b.name))
    .map((e) => ({ name: e.name, entries: e.entries }));
}

/** Recent activity: one document kept by the writes (domain/figures/recent-activity.ts). */
export async function recent() {
  return (await readRecentItems()).map((item) => ({
    type: item.type === 'customer' ? 'customer' : 'entry',
    text: String(item.text ?? ''),
    meta: String(item.meta ?? ''),
    when: toIso(item.when),
  }));
}

/**
 * Scheduled (unsent) follow-ups due from the start of today to the end of today + `days`: kept
 * for the company day and `days` until a follow-up changes.
 */
export async function followUpsDue(days = DEFAULT_DUE_DAYS, kept: KeptLists = keptLists()) {
  const today = dayKey(now());
  return kept.read('followUpsDue', `${today}+${days}`, () => queryFollowUpsDue(today, days));
}

async function queryFollowUpsDue(today: string, days: number) {
  const from = Timestamp.fromMillis(startOfDay(today));
  const to = Timestamp.fromMillis(startOfDay(addDays(today, days + 1)));
  const due = await scheduledFollowUpsDue(from, to, FOLLOW_UPS_DUE_LIMIT);
  return due.map((data) => {
    const channels = Array.isArray(data.channels) ? data.channels.map(String) : [];
    return {
      customerName: String(data.customerName ?? ''),
      note: String(data.note ?? ''),
      reason: channels.length > 0 ? `${channels.join(' + ')} follow-up` : '',
      // The query's range holds only follow-ups with a due time.
      dueAt: toIso(data.dueAt) ?? '',
    };
  });
}

/** Entries per company month, oldest first, as /admin/stats answers it. */
export async function stats() {
  const { months } = await readSummary();
  return {
    perMonth: Object.entries(months)
      .filter(([, count]) => count > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => ({
        _id: { m: Number(key.slice(5, 7)), y: Number(key.slice(0, 4)) },
        count,
      })),
  };
}
