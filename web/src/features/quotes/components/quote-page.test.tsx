import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Quote } from '@contract/quotes';
import { renderApp } from '../../../test/render-app';
import { mockApi } from '../../../test/mock-api';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const SALES = { token: 't', role: 'sales' };
const totals = { subtotal: 0, discount: 0, taxable: 100, cgst: 9, sgst: 9, igst: 0, roundOff: 0 };
const draft = {
  _id: 'q1',
  number: 'Q/2026-27/0001',
  revision: 0,
  status: 'draft',
  customerId: 'c1',
  customer: { name: 'Ravi Dairy', gstin: '', state: '27', address: '', phones: [], emails: [] },
  seller: { name: 'Demo', legalName: '', gstin: '', state: '27', address: '' },
  placeOfSupply: '27-Maharashtra',
  interState: false,
  lines: [],
  totals: { ...totals, total: 118 },
  taxByRate: [],
  amountInWords: 'Rupees One Hundred Eighteen Only',
  validUntil: '2026-12-12',
  notes: '',
  terms: '',
  owner: { _id: 'u1', name: 'Suresh' },
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  revisedFrom: null,
  revisedBy: null,
  entryId: null,
  sentAt: null,
  sends: [],
  acceptSuggestion: null,
} satisfies Quote;

describe('a quote page', () => {
  it('opens Send from the builder (?send=1) and, once sent, shows the sends and the status', async () => {
    const sent: Quote = {
      ...draft,
      status: 'sent',
      sentAt: '2026-11-28T10:00:00.000Z',
      sends: [
        {
          channel: 'email',
          messageId: 'm1',
          at: '2026-11-28T10:00:00.000Z',
          byName: 'Suresh',
          how: 'email',
        },
      ],
    };
    const api = mockApi({
      'GET /quotes/q1': () => (api.find('POST', '/quotes/q1/send').length > 0 ? sent : draft),
      'POST /quotes/q1/send': {
        quote: sent,
        results: [
          {
            channel: 'email',
            messageId: 'm1',
            state: 'sent',
            file: { name: 'Q-2026-27-0001.pdf', size: 40_000 },
          },
        ],
      },
    });
    const { user } = renderApp('/quotes/q1?send=1', SALES);
    const dialog = await screen.findByRole('dialog', { name: 'Send Q/2026-27/0001' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'WhatsApp' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Quote Q/2026-27/0001 sent on email')).toBeInTheDocument();
    expect(api.find('POST', '/quotes/q1/send')[0].body).toEqual({ channels: ['email'] });
    expect(await screen.findByText(/by Suresh/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See it in the conversation' })).toHaveAttribute(
      'href',
      '/customers/c1#conversation',
    );
  });
});

describe("a customer's accepting reply", () => {
  it('asks the sales person, whose button accepts the quote; nothing is accepted before', async () => {
    const sent: Quote = {
      ...draft,
      status: 'sent',
      sentAt: '2026-11-28T10:00:00.000Z',
      acceptSuggestion: {
        text: 'yes, confirm',
        at: '2026-11-28T11:00:00.000Z',
        conversationMessageId: 'm9',
      },
    };
    const accepted: Quote = { ...sent, status: 'accepted', entryId: 'e1', acceptSuggestion: null };
    const api = mockApi({
      'GET /quotes/q1': () => (api.find('POST', '/quotes/q1/accept').length > 0 ? accepted : sent),
      'POST /quotes/q1/accept': accepted,
    });
    const { user } = renderApp('/quotes/q1', SALES);
    const ask = await screen.findByRole('group', { name: 'Accept suggestion' });
    expect(ask).toHaveTextContent("Customer replied 'yes, confirm' — Mark accepted?");
    expect(api.find('POST', '/quotes/q1/accept')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Mark accepted' }));
    expect(
      await screen.findByText(
        'Quote Q/2026-27/0001 accepted: its entry waits for an admin to confirm',
      ),
    ).toBeInTheDocument();
    expect(api.find('POST', '/quotes/q1/accept')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Accept suggestion' })).not.toBeInTheDocument(),
    );
  });
});
