import { lazy, Suspense, useMemo } from 'react';
import { PageHeader } from '../../../lib/page-header';
import { useStats, type MonthCount } from '../api/get-stats';
import './information.css';

const MonthlyChart = lazy(() => import('./monthly-chart'));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The x axis reads the month and the two-digit year, the month in words ("Sep '26"): "9/26"
 * reads as a day and a month to an Indian reader.
 */
export function monthLabel({ m, y }: MonthCount['_id']): string {
  return `${MONTHS[m - 1] ?? m} '${String(y % 100).padStart(2, '0')}`;
}

export function InformationPage() {
  const stats = useStats();
  const points = useMemo(
    () =>
      [...(stats.data?.perMonth ?? [])]
        .sort((a, b) => a._id.y - b._id.y || a._id.m - b._id.m)
        .map((p) => ({ label: monthLabel(p._id), count: p.count })),
    [stats.data],
  );
  return (
    <>
      <PageHeader title="Information" />
      <section className="ui-panel" aria-labelledby="monthly-entries">
        <h2 id="monthly-entries" className="ui-panel__title">
          Monthly Entries
        </h2>
        {/* The line chart draws a path of "null" for no points: it waits for at least one. */}
        {points.length > 0 ? (
          <Suspense fallback={<div className="info-chart" aria-hidden="true" />}>
            <MonthlyChart data={points} />
          </Suspense>
        ) : stats.isPending ? (
          <div className="info-chart" aria-hidden="true" />
        ) : (
          <p className="ui-empty">No entries yet</p>
        )}
      </section>
    </>
  );
}
