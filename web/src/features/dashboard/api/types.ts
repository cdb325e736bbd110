// The dashboard's answers.
import type { MyDay } from '@contract/my-day';
import type { LiveNotification } from '../../../lib/notification-stream';

export type Overview = {
  totalCustomers: number;
  totalEntries: number;
  confirmedOrders: number;
  pendingApprovals: number;
  entriesThisMonth: number;
  entriesLastMonth: number;
  topCustomers: { name: string; amount: number }[];
};
export type SeriesItem = { date: string; value: number };
export type ChannelBreakdown = { whatsapp: number; email: number; other: number };
export type RecentItem = { type: string; text: string; meta?: string; when?: string };
export type FunnelRow = { stage: string; count: number };
export type CategoryRow = { category: string; count: number };
export type EmployeeRow = { name: string; entries: number };
export type FollowUpDue = { customerName: string; note?: string; reason?: string; dueAt: string };
/** A notification as GET /notifications/latest and the stream answer it. */
export type Notification = LiveNotification;

/** GET /dashboard/all: what the page's parts each answered on their own routes. */
export type Dashboard = {
  overview: Overview;
  series: SeriesItem[];
  channelBreakdown: ChannelBreakdown;
  recent: RecentItem[];
  funnel: FunnelRow[];
  categories: CategoryRow[];
  employees: EmployeeRow[];
  followUpsDue: FollowUpDue[];
  notifications: Notification[];
  /** The caller's own day (the first screen). */
  myDay: MyDay;
};
