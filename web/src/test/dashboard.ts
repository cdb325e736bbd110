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
};
