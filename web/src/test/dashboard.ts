import type { Dashboard } from '../features/dashboard/api/types';

/** What GET /dashboard/all answers in the web tests: a small company's figures. */
export const OVERVIEW = {
  totalCustomers: 50,
  totalEntries: 200,
  confirmedOrders: 31,
  pendingApprovals: 7,
  entriesThisMonth: 12,
  entriesLastMonth: 10,
  topCustomers: [{ name: 'Ravi Dairy', amount: 1234567.5 }],
};

export const DASHBOARD: Dashboard = {
  overview: OVERVIEW,
  series: [{ date: '2026-11-21', value: 3 }],
  channelBreakdown: { whatsapp: 5, email: 4, other: 1 },
  recent: [
    {
      type: 'entry',
      text: 'Ravi Dairy: quotation sent',
      meta: 'email · pending',
      when: '2026-11-21T05:00:00Z',
    },
    { type: 'customer', text: 'New customer Meera', meta: '', when: '2026-11-20T05:00:00Z' },
  ],
  funnel: [
    { stage: 'Lead Generation', count: 10 },
    { stage: 'Quotation', count: 5 },
  ],
  categories: [{ category: 'PHE', count: 4 }],
  employees: [
    { name: 'Asha', entries: 9 },
    { name: 'Venkataraghavan Subramanian', entries: 3 },
  ],
  followUpsDue: [],
  notifications: [],
  myDay: {
    unread: 2,
    conversations: [
      {
        customerId: 'c1',
        customerName: 'Ravi Dairy',
        lastAt: '2026-11-21T05:00:00Z',
        lastText: 'Is the quote ready?',
        lastDirection: 'in',
        unread: 2,
      },
    ],
    followUpsToday: [
      {
        _id: 'f1',
        customerId: 'c2',
        customerName: 'Meera Traders',
        dueAt: '2026-11-21T09:30:00Z',
        note: 'Call about the order',
        channels: ['whatsapp'],
      },
    ],
    failed: [
      {
        _id: 'm1',
        customerId: 'c1',
        customerName: 'Ravi Dairy',
        channel: 'email',
        at: '2026-11-21T04:00:00Z',
        reason: 'The address bounced',
        text: 'Quotation attached',
        entryId: 'e1',
        fix: "Open the customer, then the entry's Channel Details to resend it",
      },
    ],
    month: { month: '2026-11', entries: 4, amount: 650000, confirmed: 1, confirmedAmount: 250000 },
  },
};
