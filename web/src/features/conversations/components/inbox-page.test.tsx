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
