import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { PageHeader } from '../../../lib/page-header';
import { ADMIN_ROLE } from '../../../lib/roles';
import { useStoredValue } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { useDashboard } from '../api/get-dashboard';
import { CompanyPanels } from './company-panels';
import { DashboardLoading } from './dashboard-skeleton';
import { COMPANY_VIEW_ID, MyDay } from './my-day';
import { NotificationBell } from './notification-bell';
import { NotificationList } from './notification-list';
import { Panel } from './panel';
import { StatCards } from './stat-cards';
import { useLiveNotifications } from './use-live-notifications';
import './dashboard.css';

const PANEL_SHOWN = 8;

export function DashboardPage() {
  const toast = useToast();
  const dashboard = useDashboard();
  const live = useLiveNotifications(!dashboard.isPending);
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
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
      <CompanyPanels data={data} loading={loading} />
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
