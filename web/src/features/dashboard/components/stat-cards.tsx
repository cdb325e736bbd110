import type { ReactNode } from 'react';
import type { Overview } from '../api/types';
import { monthOverMonth } from './month-over-month';

/** The four totals at the top, Total Entries with its change since last month. */
export function StatCards({
  overview,
  loading,
}: {
  overview: Overview | undefined;
  /** The figures are on their way: each value is a grey block meanwhile, never a 0. */
  loading: boolean;
}) {
  const change = monthOverMonth(overview?.entriesThisMonth ?? 0, overview?.entriesLastMonth ?? 0);
  const value = (n: number | undefined) => (loading ? undefined : (n ?? 0));
  return (
    <ul className="dash-cards" aria-label="Totals" aria-busy={loading}>
      <StatCard label="Total Customers" value={value(overview?.totalCustomers)} />
      <StatCard label="Total Entries" value={value(overview?.totalEntries)}>
        {!loading && (
          <p className={`dash-change ${change.up ? 'dash-change--up' : 'dash-change--down'}`}>
            {change.text} vs last month
          </p>
        )}
      </StatCard>
      <StatCard label="Confirmed Orders" value={value(overview?.confirmedOrders)} />
      <StatCard label="Pending Approvals" value={value(overview?.pendingApprovals)} />
    </ul>
  );
}

function StatCard({
  label,
  value,
  children,
}: {
  label: string;
  /** Undefined while loading. */
  value: number | undefined;
  children?: ReactNode;
}) {
  return (
    <li className="dash-card">
      <p className="dash-card__label">{label}</p>
      {value === undefined ? (
        <p
          className="dash-card__value dash-skeleton__block dash-skeleton__value"
          aria-hidden="true"
        />
      ) : (
        <p className="dash-card__value">{value.toLocaleString('en-IN')}</p>
      )}
      {children}
    </li>
  );
}
