import { Bell } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatINR } from '../../../lib/format';
import { PageHeader } from '../../../lib/page-header';
import { useToast } from '../../../lib/toast';
import { useDashboard } from '../api/get-dashboard';
import type { FollowUpDue, Notification, Overview, RecentItem } from '../api/types';
import { ChannelPie, EntriesAreaChart } from './charts';
import { CountBars } from './count-bars';
import { monthOverMonth, unreadLabel } from './month-over-month';
import { useLiveNotifications } from './use-live-notifications';
import './dashboard.css';

const PANEL_SHOWN = 8;
const TOP_SHOWN = 5;
const EMPTY_CHANNELS = { whatsapp: 0, email: 0, other: 0 };
/** Category Demand tells categories apart by colour as well as by name. */
const CATEGORY_COLOURS = ['#1754a1', '#0EA5E9', '#22c55e', '#f59e0b', '#ef4444', '#8b5cf6'];

export function DashboardPage() {
  const toast = useToast();
  const dashboard = useDashboard();
  const live = useLiveNotifications(!dashboard.isPending);
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  const chartsShown = useAfterFirstPaint(!dashboard.isPending);

  const failure = dashboard.error;
  useEffect(() => {
    if (failure) toast.show(errorMessage(failure, 'Failed to load dashboard'), 'danger');
  }, [failure, toast]);

  const data = dashboard.data;

  const bell = (
    <button
      type="button"
      className="btn btn--outline dash-bell"
      aria-expanded={panelOpen}
      aria-controls={panelId}
      aria-label={
        live.unread > 0 ? `Notifications, ${unreadLabel(live.unread)} unread` : 'Notifications'
      }
      onClick={() => {
        setPanelOpen((open) => !open);
        live.markRead();
      }}
    >
      <Bell aria-hidden="true" size={20} />
      {live.unread > 0 && (
        <span className="dash-bell__count" data-testid="unread-count">
          {unreadLabel(live.unread)}
        </span>
      )}
    </button>
  );

  return (
    <div className="dashboard">
      <PageHeader title="Dashboard" subtitle="Everything you need at a glance">
        {bell}
      </PageHeader>
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : (
        <>
          <StatCards overview={data?.overview} />
          <div className="dash-grid">
            <Panel title="Entries (last 30 days)" wide>
              <ChartSlot shown={chartsShown}>
                <EntriesAreaChart data={data?.series ?? []} />
              </ChartSlot>
            </Panel>
            <Panel title="Channel Breakdown">
              <ChartSlot shown={chartsShown}>
                <ChannelPie data={data?.channelBreakdown ?? EMPTY_CHANNELS} />
              </ChartSlot>
            </Panel>
            <Panel title="Category Demand">
              <CountBars
                label="Entries by category"
                bars={(data?.categories ?? []).map((c, i) => ({
                  label: c.category,
                  value: c.count,
                  colour: CATEGORY_COLOURS[i % CATEGORY_COLOURS.length],
                }))}
              />
            </Panel>
            <Panel title="Employee Performance (Entries)">
              <CountBars
                label="Entries by employee"
                bars={(data?.employees ?? []).map((e) => ({ label: e.name, value: e.entries }))}
              />
            </Panel>
            <Panel title="Sales Funnel">
              <CountBars
                label="Sales funnel"
                bars={(data?.funnel ?? []).map((row) => ({ label: row.stage, value: row.count }))}
              />
            </Panel>
            <Panel title="Recent Activity">
              <RecentList items={data?.recent ?? []} />
            </Panel>
            <Panel title="Follow-ups Due">
              <FollowUps items={data?.followUpsDue ?? []} />
            </Panel>
            <Panel title="Top Customers (by revenue)">
              <TopCustomers items={data?.overview.topCustomers ?? []} />
            </Panel>
          </div>
        </>
      )}
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

function Panel({
  title,
  children,
  wide,
  id,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
  id?: string;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      className={`ui-panel dash-panel${wide ? ' dash-panel--wide' : ''}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="ui-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * True from the first paint after `ready`: the cards and lists are drawn (and painted) before
 * the charts, whose drawing takes longest on a slow phone.
 */
function useAfterFirstPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

function ChartSlot({ shown, children }: { shown: boolean; children: ReactNode }) {
  return shown ? children : <div className="dash-chart dash-skeleton__block" aria-hidden="true" />;
}

function DashboardSkeleton() {
  return (
    <div className="dash-skeleton" role="status" aria-label="Loading dashboard">
      <div className="dash-cards">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="dash-skeleton__block dash-skeleton__card" />
        ))}
      </div>
      <div className="dash-skeleton__block dash-skeleton__chart" />
    </div>
  );
}

function StatCards({ overview }: { overview: Overview | undefined }) {
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

function RecentList({ items }: { items: RecentItem[] }) {
  if (items.length === 0) return <p className="ui-muted">No recent activity</p>;
  return (
    <ul className="dash-list">
      {items.map((item, i) => {
        const isEntry = item.type === 'entry';
        return (
          <li key={`${item.type}-${item.when ?? ''}-${i}`} className="dash-list__item">
            <span className={`dash-icon ${isEntry ? 'dash-icon--entry' : ''}`} aria-hidden="true">
              {isEntry ? 'E' : 'C'}
            </span>
            <span className="visually-hidden">{isEntry ? 'Entry: ' : 'Customer: '}</span>
            <div>
              <p className="dash-list__text">{item.text}</p>
              {item.meta && <p className="ui-muted dash-list__meta">{item.meta}</p>}
              <p className="ui-muted dash-list__meta">
                <time dateTime={item.when}>{formatDateTime(item.when)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

const dayOf = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

function FollowUps({ items }: { items: FollowUpDue[] }) {
  const today = dayOf(new Date());
  const dueToday = items.filter((f) => dayOf(new Date(f.dueAt)) === today);
  const later = items.filter((f) => dayOf(new Date(f.dueAt)) !== today);
  return (
    <div className="dash-followups">
      <FollowUpGroup title="Today" items={dueToday} />
      <FollowUpGroup title="Next 3 days" items={later} />
    </div>
  );
}

function FollowUpGroup({ title, items }: { title: string; items: FollowUpDue[] }) {
  return (
    <div>
      <h3 className="dash-subtitle">{title}</h3>
      {items.length === 0 ? (
        <p className="ui-muted">Nothing due</p>
      ) : (
        <ul className="dash-list">
          {items.map((f, i) => (
            <li key={`${f.dueAt}-${i}`} className="dash-list__item">
              <div>
                <p className="dash-list__text">{f.customerName}</p>
                <p className="ui-muted dash-list__meta">{f.note || f.reason || 'Follow-up'}</p>
                <p className="ui-muted dash-list__meta">
                  <time dateTime={f.dueAt}>{formatDateTime(f.dueAt)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TopCustomers({ items }: { items: { name: string; amount: number }[] }) {
  if (items.length === 0) return <p className="ui-muted">Not enough data</p>;
  return (
    <ol className="dash-top">
      {items.slice(0, TOP_SHOWN).map((c, i) => (
        <li key={`${c.name}-${i}`} className="dash-top__row">
          <span>{c.name}</span>
          <span className="dash-top__amount">{formatINR(c.amount)}</span>
        </li>
      ))}
    </ol>
  );
}

function NotificationList({ items }: { items: Notification[] }) {
  if (items.length === 0) return <p className="ui-muted">No live notifications yet</p>;
  return (
    <ul className="dash-list">
      {items.map((n, i) => (
        <li key={n._id ?? `${n.title ?? ''}-${i}`} className="dash-list__item">
          <div>
            <p className="dash-list__text">{n.title || 'New notification'}</p>
            {(n.message || n.text) && (
              <p className="ui-muted dash-list__meta">{n.message || n.text}</p>
            )}
            <p className="ui-muted dash-list__meta">
              <time dateTime={n.at ?? n.time}>{formatDateTime(n.at ?? n.time)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
