import { memo, useDeferredValue } from 'react';
import type { Dashboard } from '../api/types';
import { ChartSlot } from './chart-slot';
import { useCharts } from './charts-code';
import { CountBars } from './count-bars';
import { FollowUps } from './follow-ups';
import { Panel } from './panel';
import { RecentList } from './recent-list';
import { TopCustomers } from './top-customers';

const EMPTY_CHANNELS = { whatsapp: 0, email: 0, other: 0 };
/** Category Demand tells categories apart by colour as well as by name. */
const CATEGORY_COLOURS = ['#1754a1', '#0EA5E9', '#22c55e', '#f59e0b', '#ef4444', '#8b5cf6'];

/**
 * The company's charts and lists, below My day and the four cards (below the fold on a phone).
 * Their figures are drawn in a render of their own right after those above them are painted
 * (React's deferred value): on a phone's slow CPU the two charts alone take longer to draw than
 * the rest of the page, and the person's own day should not wait for them.
 */
export function CompanyPanels({ data, loading }: { data?: Dashboard; loading: boolean }) {
  const shown = useDeferredValue(data);
  // Arrived but not drawn yet: still grey, never an empty list for a frame.
  const waiting = loading || (data !== undefined && shown === undefined);
  return <Panels shown={shown} waiting={waiting} />;
}

/** Memoised: the render that draws the figures above passes the same props and skips these. */
const Panels = memo(function Panels({ shown, waiting }: { shown?: Dashboard; waiting: boolean }) {
  const charts = useCharts();
  return (
    <div className="dash-grid" aria-busy={waiting}>
      <Panel title="Entries (last 30 days)" wide>
        <ChartSlot
          chart={
            waiting ? undefined : charts && <charts.EntriesAreaChart data={shown?.series ?? []} />
          }
        />
      </Panel>
      <Panel title="Channel Breakdown">
        <ChartSlot
          chart={
            waiting
              ? undefined
              : charts && <charts.ChannelPie data={shown?.channelBreakdown ?? EMPTY_CHANNELS} />
          }
        />
      </Panel>
      <Panel title="Category Demand" loading={waiting}>
        <CountBars
          label="Entries by category"
          bars={(shown?.categories ?? []).map((c, i) => ({
            label: c.category,
            value: c.count,
            colour: CATEGORY_COLOURS[i % CATEGORY_COLOURS.length],
          }))}
        />
      </Panel>
      <Panel title="Employee Performance (Entries)" loading={waiting}>
        <CountBars
          label="Entries by employee"
          bars={(shown?.employees ?? []).map((e) => ({ label: e.name, value: e.entries }))}
        />
      </Panel>
      <Panel title="Sales Funnel" loading={waiting}>
        <CountBars
          label="Sales funnel"
          bars={(shown?.funnel ?? []).map((row) => ({ label: row.stage, value: row.count }))}
        />
      </Panel>
      <Panel title="Recent Activity" loading={waiting}>
        <RecentList items={shown?.recent ?? []} />
      </Panel>
      <Panel title="Follow-ups Due" loading={waiting}>
        <FollowUps items={shown?.followUpsDue ?? []} />
      </Panel>
      <Panel title="Top Customers (by revenue)" loading={waiting}>
        <TopCustomers items={shown?.overview.topCustomers ?? []} />
      </Panel>
    </div>
  );
});
