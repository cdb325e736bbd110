import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { PageHeader } from '../../../lib/page-header';
import { ADMIN_ROLE } from '../../../lib/roles';
import { useStoredValue } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { useDashboard } from '../api/get-dashboard';
import { ChartSlot } from './chart-slot';
import { useCharts } from './charts-code';
import { CountBars } from './count-bars';
import { DashboardLoading } from './dashboard-skeleton';
import { FollowUps } from './follow-ups';
import { COMPANY_VIEW_ID, MyDay } from './my-day';
import { NotificationBell } from './notification-bell';
import { NotificationList } from './notification-list';
import { Panel } from './panel';
import { RecentList } from './recent-list';
import { StatCards } from './stat-cards';
import { TopCustomers } from './top-customers';
import { useLiveNotifications } from './use-live-notifications';
import './dashboard.css';

const PANEL_SHOWN = 8;
const EMPTY_CHANNELS = { whatsapp: 0, email: 0, other: 0 };
/** Category Demand tells categories apart by colour as well as by name. */
const CATEGORY_COLOURS = ['#1754a1', '#0EA5E9', '#22c55e', '#f59e0b', '#ef4444', '#8b5cf6'];

export function DashboardPage() {
  const toast = useToast();
  const dashboard = useDashboard();
  const live = useLiveNotifications(!dashboard.isPending);
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  const charts = useCharts();
  const admin = useStoredValue('role') === ADMIN_ROLE;

  const failure = dashboard.error;
  useEffect(() => {
    if (failure) toast.show(errorMessage(failure, 'Failed to load dashboard'), 'danger');
  }, [failure, toast]);

  const data = dashboard.data;
  const loading = dashboard.isPending;

  return (
    <div className="dashboard">
      <PageHeader title="Dashboard" subtitle="Everything you need at a glance">
        <NotificationBell
          unread={live.unread}
          open={panelOpen}
          panelId={panelId}
          onToggle={() => {
            setPanelOpen((open) => !open);
            live.markRead();
          }}
        />
      </PageHeader>
      {/* The layout and its titles are drawn at once; each figure fills in when it arrives. */}
      <DashboardLoading loading={loading} />
      <MyDay data={data?.myDay} loading={loading} failed={Boolean(failure)} admin={admin} />
      <h2 id={COMPANY_VIEW_ID} className="dash-company-title">
        Company
      </h2>
      <StatCards overview={data?.overview} loading={loading} />
      <div className="dash-grid" aria-busy={loading}>
        <Panel title="Entries (last 30 days)" wide>
          <ChartSlot
            chart={
              loading ? undefined : charts && <charts.EntriesAreaChart data={data?.series ?? []} />
            }
          />
        </Panel>
        <Panel title="Channel Breakdown">
          <ChartSlot
            chart={
              loading
                ? undefined
                : charts && <charts.ChannelPie data={data?.channelBreakdown ?? EMPTY_CHANNELS} />
            }
          />
        </Panel>
        <Panel title="Category Demand" loading={loading}>
          <CountBars
            label="Entries by category"
            bars={(data?.categories ?? []).map((c, i) => ({
              label: c.category,
              value: c.count,
              colour: CATEGORY_COLOURS[i % CATEGORY_COLOURS.length],
            }))}
          />
        </Panel>
        <Panel title="Employee Performance (Entries)" loading={loading}>
          <CountBars
            label="Entries by employee"
            bars={(data?.employees ?? []).map((e) => ({ label: e.name, value: e.entries }))}
          />
        </Panel>
        <Panel title="Sales Funnel" loading={loading}>
          <CountBars
            label="Sales funnel"
            bars={(data?.funnel ?? []).map((row) => ({ label: row.stage, value: row.count }))}
          />
        </Panel>
        <Panel title="Recent Activity" loading={loading}>
          <RecentList items={data?.recent ?? []} />
        </Panel>
        <Panel title="Follow-ups Due" loading={loading}>
          <FollowUps items={data?.followUpsDue ?? []} />
        </Panel>
        <Panel title="Top Customers (by revenue)" loading={loading}>
          <TopCustomers items={data?.overview.topCustomers ?? []} />
        </Panel>
      </div>
      <Panel title="Live Notifications" id={panelId}>
        {panelOpen ? (
          <NotificationList items={live.list.slice(0, PANEL_SHOWN)} />
        ) : (
          <p className="ui-muted">Hidden. Tap the bell to view.</p>
        )}
      </Panel>
    </div>
  );
}
