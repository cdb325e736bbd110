import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type ApiCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const SALES = { token: 't', role: 'sales' };

const item = (customerId: string, customerName: string, broadcastId?: string) => ({
  customerId,
  customerName,
  phone: '+919812345678',
  owner: null,
  lastAt: '2026-11-28T06:00:00.000Z',
  lastText: 'Interested, send prices',
  lastDirection: 'in',
  lastChannel: 'whatsapp',
  unread: 1,
  ...(broadcastId && { broadcastId }),
  window: { open: true, openUntil: '2026-11-29T06:00:00.000Z' },
});

describe('the Inbox', () => {
  it('filters to the conversations in which a customer replied to a broadcast', async () => {
    const api = mockApi({
      'GET /inbox': (call: ApiCall) => ({
        items:
          call.query.get('replies') === 'broadcast'
            ? [item('c1', 'Meena Iyer', 'b1')]
            : [item('c1', 'Meena Iyer', 'b1'), item('c2', 'Ravi Sharma')],
        nextCursor: null,
        unread: 2,
      }),
    });
    const { user } = renderApp('/inbox', SALES);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(await within(list).findByText('Ravi Sharma')).toBeInTheDocument();
    expect(within(list).getByText('Replied to a broadcast')).toBeInTheDocument();
    const filter = screen.getByRole('button', { name: 'Replies to a broadcast' });
    await user.click(filter);
    expect(filter).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.queryByText('Ravi Sharma')).toBeNull());
    expect(screen.getByText('Meena Iyer')).toBeInTheDocument();
    expect(
      api.calls.some((c) => c.path.startsWith('/inbox') && c.query.get('replies') === 'broadcast'),
    ).toBe(true);
  }, 30_000);
});

const customer = {
  phones: ['+919812345678'],
  emails: [],
  categories: [],
  potential: '',
  note: '',
  owner: null,
  createdAt: '2026-11-01T06:00:00.000Z',
  updatedAt: '2026-11-01T06:00:00.000Z',
};

describe('opening a conversation from the Inbox', () => {
  it("has the first rows' customers and threads before the tap, and draws the tapped one from them", async () => {
    const thread = (id: string) => ({
      messages: [
        {
          _id: `${id}-m1`,
          customerId: id,
          at: '2026-11-28T06:00:00.000Z',
          direction: 'in',
          channel: 'whatsapp',
          text: `Interested, send prices (${id})`,
          files: [],
          state: 'received',
          byName: 'Customer',
          source: 'inbound',
        },
      ],
      nextCursor: null,
    });
    const ids = ['c1', 'c2', 'c3', 'c4'];
    const api = mockApi({
      'GET /inbox': () => ({
        items: ids.map((id) => item(id, `Customer ${id}`)),
        nextCursor: null,
        unread: 4,
      }),
      ...Object.fromEntries(
        ids.flatMap((id) => [
          [`GET /customers/${id}`, () => ({ ...customer, _id: id, names: [`Customer ${id}`] })],
          [`GET /customers/${id}/conversation`, () => thread(id)],
          [`GET /customers/${id}/timeline`, () => ({ items: [], nextCursor: null })],
          [`POST /customers/${id}/conversation/read`, () => ({ unread: 0 })],
        ]),
      ),
    });
    const asked = (path: string) => api.calls.filter((c) => c.path.split('?')[0] === path).length;
    const { user } = renderApp('/inbox', SALES);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    // The first three rows' conversations are fetched while the list is read; the fourth is not.
    await waitFor(() => expect(asked('/customers/c3/conversation')).toBe(1));
    expect(asked('/customers/c1')).toBe(1);
    expect(asked('/customers/c4/conversation') + asked('/customers/c4')).toBe(0);

    await user.click(within(list).getByText('Customer c1'));
    expect(await screen.findByText('Interested, send prices (c1)')).toBeInTheDocument();
    // Drawn from what was fetched: the thread is not asked again.
    expect(asked('/customers/c1/conversation')).toBe(1);
  }, 30_000);
});
