import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SendQuoteResponse } from '@contract/quotes';
import { renderWithProviders } from '../../../test/render-app';
import { deferred, jsonResponse, mockApi } from '../../../test/mock-api';
import { SendQuoteButton, sendToast } from './send-quote';

vi.setConfig({ testTimeout: 20_000 });

const quote = { _id: 'q1', number: 'Q/2026-27/0001' };

function answer(results: SendQuoteResponse['results']): SendQuoteResponse {
  return {
    quote: { ...quote, customerId: 'c1', status: 'sent' } as SendQuoteResponse['quote'],
    results,
  };
}
const file = { name: 'Q-2026-27-0001.pdf', size: 52_000 };

describe('sendToast', () => {
  it('says each channel as the server answered it', () => {
    expect(
      sendToast(
        answer([
          { channel: 'whatsapp', messageId: 'm1', state: 'delivered', file },
          { channel: 'email', messageId: 'm2', state: 'sent', file },
        ]),
      ),
    ).toEqual({ text: 'Quote Q/2026-27/0001 sent on WhatsApp and email', tone: 'success' });
    expect(
      sendToast(
        answer([
          { channel: 'whatsapp', messageId: 'm1', state: 'failed', error: 'No template', file },
          { channel: 'email', messageId: 'm2', state: 'sent', file },
        ]),
      ),
    ).toEqual({
      text: 'Quote Q/2026-27/0001 sent on email; WhatsApp failed: No template',
      tone: 'warn',
    });
  });
});

describe('SendQuoteButton', () => {
  it('sends on the channels chosen, busy while it goes, then toasts the answer', async () => {
    const pending = deferred<Response>();
    const api = mockApi({ 'POST /quotes/q1/send': () => pending.promise });
    const { user } = renderWithProviders(<SendQuoteButton quote={quote} />);
    await user.click(screen.getByRole('button', { name: /Send/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Q/2026-27/0001' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending…' })).toBeInTheDocument();
    expect(api.callsTo('POST /quotes/q1/send')[0].body).toEqual({ channels: ['whatsapp'] });
    expect(api.callsTo('POST /quotes/q1/send')[0].headers.get('Idempotency-Key')).toBeTruthy();
    pending.resolve(
      jsonResponse(200, answer([{ channel: 'whatsapp', messageId: 'm1', state: 'sent', file }])),
    );
    expect(await screen.findByText('Quote Q/2026-27/0001 sent on WhatsApp')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the server's refusal in the dialog and toasts it", async () => {
    mockApi({
      'POST /quotes/q1/send': jsonResponse(409, {
        message: 'WhatsApp not sent: the customer opted out of WhatsApp (wrote STOP).',
      }),
    });
    const { user } = renderWithProviders(<SendQuoteButton quote={quote} startOpen />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/opted out/);
    expect(screen.getAllByText(/opted out/).length).toBeGreaterThanOrEqual(2);
  });

  it('asks for a channel when none is ticked', async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(<SendQuoteButton quote={quote} startOpen />);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'WhatsApp' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose WhatsApp, email or both');
    expect(api.calls).toHaveLength(0);
  });
});
