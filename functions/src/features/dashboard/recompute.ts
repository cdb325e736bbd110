// The dashboard job: recomputes every figure from the source data and hands them to their owner
// (domain/figures/summary.ts), which overwrites the stored ones, repairing any drift of the
// in-transaction counters. Entries are read a page at a
// time (cursor on the document id) and folded into the totals as they stream, so memory holds
// the totals and the revenue per customer, never the documents; customers are counted. Recent
// activity is rebuilt from the newest entries and customers.
import { now } from '../../clock';
import { countCustomers } from '../../domain/customers/store';
import { streamEntries } from '../../domain/entries/stream';
import { DAYS_KEPT, RECOMPUTE_PAGE } from '../../domain/figures/constants';
import { entryFigures } from '../../domain/figures/contributions';
import { addDays, dayKey } from '../../domain/figures/days';
import { rebuildRecent } from '../../domain/figures/recent-activity';
import {
  addMonthTotals,
  emptySummary,
  recentMonths,
  replaceSummary,
  type Revenue,
  type Summary,
} from '../../domain/figures/summary';
import { refreshKeptList } from '../../domain/figures/kept-lists';

/** What entryFigures reads of an entry: the job fetches nothing else (no search keys). */
const ENTRY_FIGURE_FIELDS = [
  'status',
  'createdAt',
  'employee._id',
  'employee.name',
  'employee.email',
  'employeeId',
  'amount',
  'customerId',
  'customer.names',
  'channel',
  'channels',
  'process',
  'category',
];

export interface Recomputed {
  summary: Summary;
  revenue: Revenue;
}

export async function computeDashboard(): Promise<Recomputed> {
  const summary = emptySummary();
  const revenue: Revenue = new Map();
  const inc = (map: Record<string, number>, key: string) => {
    map[key] = (map[key] ?? 0) + 1;
  };
  const { previous } = recentMonths();

  for await (const doc of streamEntries(ENTRY_FIGURE_FIELDS, RECOMPUTE_PAGE)) {
    const data = doc.data();
    const f = entryFigures(data);
    summary.totalEntries += 1;
    summary.confirmedOrders += f.confirmedOrders;
    summary.pendingEntries += f.pendingEntries;
    if (f.day) inc(summary.days, f.day);
    if (f.month) inc(summary.months, f.month);
    for (const c of f.channels) inc(summary.channels, c);
    inc(summary.processes, f.process);
    if (f.category) inc(summary.categories, f.category);
    if (f.employee) {
      const e = (summary.employees[f.employee.id] ??= { name: f.employee.name, entries: 0 });
      e.entries += 1;
      if (f.month && f.month >= previous)
        addMonthTotals(summary.employeeMonths, f.month, f.employee.id, f.monthTotals, 1);
    }
    if (f.revenue) {
      const r = revenue.get(f.revenue.customerId);
      revenue.set(f.revenue.customerId, {
        name: f.revenue.name,
        amount: (r?.amount ?? 0) + f.revenue.amount,
      });
    }
  }
  // Customers are only counted: an aggregation query, not a read of every document.
  summary.totalCustomers = await countCustomers();
  // Old days are not shown (the series is 30 days; months hold the history).
  const oldest = addDays(dayKey(now()), -DAYS_KEPT);
  for (const day of Object.keys(summary.days)) if (day < oldest) delete summary.days[day];
  return { summary, revenue };
}

/** Recomputes the figures and hands them to their owner, which overwrites what drifted. */
export async function recomputeDashboard(): Promise<{ entries: number }> {
  const { summary, revenue } = await computeDashboard();
  await replaceSummary(summary, revenue);
  await rebuildRecent();
  // Counted again on the next load: an account written by a tool outside the write path (a
  // seed, a script) is counted too.
  await refreshKeptList('pendingUsers');
  return { entries: summary.totalEntries };
}
