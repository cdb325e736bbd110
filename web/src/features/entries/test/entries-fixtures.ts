import type { ApiCall } from '../../../test/mock-api';
import type { Entry, EntryPage } from '../../../resources/entries';

let nextId = 1;

export function entry(overrides: Partial<Entry> = {}): Entry {
  const id = overrides._id ?? `e${nextId++}`;
  return {
    _id: id,
    customerId: 'c1',
    customer: {
      _id: 'c1',
      names: ['Raj Kumar'],
      phones: ['+919876543210'],
      emails: ['raj@example.in'],
      categories: [],
      potential: 'HOT',
    },
    description: 'Asked for a quotation',
    tags: [],
    attachments: [],
    category: 'PHE',
    amount: 0,
    currency: 'INR',
    process: '',
    extraNote: '',
    channel: 'manual',
    status: 'pending',
    employee: { _id: 'u-sales', name: 'Sales Person', email: 'sales@example.in' },
    source: 'employee',
    createdAt: '2025-01-05T10:00:00.000Z',
    updatedAt: '2025-01-05T10:00:00.000Z',
    createdByName: 'Sales Person',
    followUps: [],
    dispatch: {},
    ...overrides,
  };
}

export const page = (
  items: Entry[],
  total = items.length,
  confirmed = 0,
  nextCursor: string | null = null,
): EntryPage => ({ items, nextCursor, total, confirmed });

export const EMPLOYEES = [
  { _id: 'u-admin', name: 'Admin User' },
  { _id: 'u-sales', name: 'Sales Person' },
];

/** The query parameters of every GET /entries call, in order. */
export function listQueries(calls: readonly ApiCall[]): Record<string, string>[] {
  return calls
    .filter((c) => c.method === 'GET' && /^\/entries(\?|$)/.test(c.path))
    .map((c) => Object.fromEntries(new URL(c.path, 'http://x').searchParams));
}
