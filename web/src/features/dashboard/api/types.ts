// The dashboard's answers.
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
export type Notification = {
  _id?: string;
  title?: string;
  type?: string;
  message?: string;
  text?: string;
  at?: string;
  time?: string;
};

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
};
