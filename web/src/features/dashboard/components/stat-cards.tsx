import type { ReactNode } from 'react';
import type { Overview } from '../api/types';
import { monthOverMonth } from './month-over-month';

/** The four totals at the top, Total Entries with its change since last month. */
export function StatCards({ overview }: { overview: Overview | undefined }) {
  const change = monthOverMonth(overview?.entriesThisMonth ?? 0, overview?.entriesLastMonth ?? 0);
  return (
    <ul className="dash-cards" aria-label="Totals">
      <StatCard label="Total Customers" value={overview?.totalCustomers ?? 0} />
      <StatCard label="Total Entries" value={overview?.totalEntries ?? 0}>
        <p className={`dash-change ${change.up ? 'dash-change--up' : 'dash-change--down'}`}>
          {change.text} vs last month
        </p>
      </StatCard>
      <StatCard label="Confirmed Orders" value={overview?.confirmedOrders ?? 0} />
      <StatCard label="Pending Approvals" value={overview?.pendingApprovals ?? 0} />
    </ul>
  );
}

function StatCard({
  label,
  value,
  children,
}: {
  label: string;
  value: number;
  children?: ReactNode;
}) {
  return (
    <li className="dash-card">
      <p className="dash-card__label">{label}</p>
      <p className="dash-card__value">{value.toLocaleString('en-IN')}</p>
      {children}
    </li>
  );
}
