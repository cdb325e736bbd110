import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { formatDateTime } from '../../../lib/format';
import type { PendingEntry } from '../../../resources/entries';

// Whole user flows in jsdom: slow on a busy machine, so more than the default 5 s each.
vi.setConfig({ testTimeout: 15_000 });

const ADMIN = { token: 't', role: 'admin' };

// As GET /admin/entries/pending answers them, less the fields the screen does without.
const ENTRIES: Partial<PendingEntry>[] = [
  {
    _id: 'e1',
    customer: { names: ['Kiran Dairy', 'Kiran Patil'] },
    description: 'Needs a 500 L SS tank quote',
    source: 'WhatsApp',
    createdAt: '2025-11-25T14:17:00.000Z',
    amount: 492314,
    owner: 'Suresh Sales',
    sent: [{ channel: 'whatsapp', to: ['+919810185084'], status: 'delivered', text: 'Your quote' }],
  },
  {
    _id: 'e2',
    sent: [{ channel: 'email', to: ['meera@agro.in'], status: 'not_sent', text: 'Price list' }],
    customer: { names: ['', 'Meera Agro'] },
    description: 'Asked for the price list',
    source: 'Email',
  },
  { _id: 'e3', customer: { names: [] }, description: 'Walk-in visit', source: 'Manual' },
];

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .slice(1)
    .map((cell) => cell.textContent);

describe('Approvals → Entries (desktop)', () => {
  it('shows Customer, Date, Amount, Owner, Description, Source, what was sent and Approve / Reject', async () => {
    mockApi({ 'GET /admin/entries/pending': ENTRIES });
    renderApp('/approvals', ADMIN);
    await screen.findByText('Kiran Dairy');
    expect(screen.getByRole('heading', { name: 'Pending Entries' })).toBeInTheDocument();
    expect(screen.getByText('3 total')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '',
      'Customer',
      'Date',
      'Amount',
      'Owner',
      'Description',
      'Source',
      'Already sent',
      'Actions',
    ]);
    const [, first, second, third] = screen.getAllByRole('row');
    expect(cellsOf(first)).toEqual([
      'Kiran Dairy',
      formatDateTime('2025-11-25T14:17:00.000Z'),
      '₹4,92,314',
      'Suresh Sales',
      'Needs a 500 L SS tank quote',
      'WhatsApp',
      'WhatsApp · Delivered · +91 98101 85084Your quote',
      'ApproveReject',
    ]);
    // A status in words, never the raw `not_sent`.
    expect(cellsOf(second)[6]).toBe('Email · Not sent · meera@agro.inPrice list');
    expect(cellsOf(third)[6]).toBe('Nothing sent');
    // A blank first name is skipped; no name at all shows a dash.
    expect(cellsOf(second)[0]).toBe('Meera Agro');
    expect(cellsOf(third)[0]).toBe('—');
    expect(within(first).getByRole('button', { name: 'Approve Kiran Dairy' })).toBeVisible();
    expect(within(first).getByRole('button', { name: 'Reject Kiran Dairy' })).toBeVisible();
  });

  it("searches description, customer and source with 'Customer, owner, words'", async () => {
    mockApi({ 'GET /admin/entries/pending': ENTRIES });
    const { user } = renderApp('/approvals', ADMIN);
    await screen.findByText('Kiran Dairy');
    const search = screen.getByPlaceholderText('Customer, owner, words');
    const customers = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => cellsOf(row)[0]);

    await user.type(search, 'patil');
    expect(customers()).toEqual(['Kiran Dairy']);
    await user.clear(search);
    await user.type(search, ' EMAIL ');
    expect(customers()).toEqual(['Meera Agro']);
    await user.clear(search);
    await user.type(search, 'price list');
    expect(customers()).toEqual(['Meera Agro']);
  });

  it('approves and rejects an entry through the admin routes', async () => {
    const api = mockApi({
      'GET /admin/entries/pending': ENTRIES,
      'POST /admin/entries/e1/approve': { _id: 'e1', status: 'approved' },
      'DELETE /admin/entries/e2/reject': { _id: 'e2', status: 'cancelled' },
    });
    const { user } = renderApp('/approvals', ADMIN);
    await screen.findByText('Kiran Dairy');
    await user.click(screen.getByRole('button', { name: 'Approve Kiran Dairy' }));
    await user.click(screen.getByRole('button', { name: 'Reject Meera Agro' }));
    await waitFor(() => expect(api.callsTo('DELETE /admin/entries/e2/reject')).toHaveLength(1));
    expect(api.callsTo('POST /admin/entries/e1/approve')).toHaveLength(1);
    expect(screen.getByText('1 total')).toBeInTheDocument();
    expect(screen.queryByText('Kiran Dairy')).not.toBeInTheDocument();
  });

  it("asks 'Approve 2 entries?' before a bulk approval", async () => {
    mockApi({ 'GET /admin/entries/pending': ENTRIES });
    const { user } = renderApp('/approvals', ADMIN);
    await screen.findByText('Kiran Dairy');
    await user.click(screen.getByRole('checkbox', { name: 'Select Kiran Dairy' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Meera Agro' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    expect(screen.getByRole('dialog', { name: 'Approve 2 entries?' })).toBeInTheDocument();
  });
});
