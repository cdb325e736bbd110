import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { QuoteChannel, SendQuoteResponse } from '@contract/quotes';
import { errorMessage } from '../../../lib/api-client';
import { CheckLabel } from '../../../lib/check-label';
import { Dialog } from '../../../lib/dialog';
import { DialogFormFooter } from '../../../lib/dialog-form-footer';
import { useToast } from '../../../lib/toast';
import { useSendQuote } from '../api/quotes';

const CHANNEL_WORDS: Record<QuoteChannel, string> = { whatsapp: 'WhatsApp', email: 'email' };

/** The toast that says what the server answered: each channel sent, queued or failed. */
export function sendToast(answer: SendQuoteResponse): { text: string; tone: 'success' | 'warn' } {
  const failed = answer.results.filter((r) => r.state === 'failed' || r.state === 'unknown');
  const queued = answer.results.filter((r) => r.state === 'queued' || r.state === 'sending');
  const went = answer.results.filter((r) => !failed.includes(r) && !queued.includes(r));
  const names = (list: typeof answer.results) =>
    list.map((r) => CHANNEL_WORDS[r.channel]).join(' and ');
  const parts = [
    went.length > 0 && `sent on ${names(went)}`,
    queued.length > 0 && `${names(queued)} queued: it will be tried again`,
    ...failed.map((r) => `${CHANNEL_WORDS[r.channel]} failed: ${r.error ?? 'not sent'}`),
  ].filter(Boolean);
  return {
    text: `Quote ${answer.quote.number} ${parts.join('; ')}`,
    tone: failed.length > 0 || queued.length > 0 ? 'warn' : 'success',
  };
}

/**
 * Send: a button that opens the channel choice (WhatsApp, email or both), then sends the quote's
 * PDF; the toast tells each channel's answer, an error stays in the dialog.
 */
export function SendQuoteButton({
  quote,
  startOpen = false,
  onSent,
  small = false,
}: {
  quote: { _id: string; number: string };
  startOpen?: boolean;
  onSent?: (answer: SendQuoteResponse) => void;
  small?: boolean;
}) {
  const [open, setOpen] = useState(startOpen);
  const [channels, setChannels] = useState<Record<QuoteChannel, boolean>>({
    whatsapp: true,
    email: true,
  });
  const send = useSendQuote();
  const toast = useToast();
  const chosen = (Object.keys(channels) as QuoteChannel[]).filter((c) => channels[c]);
  const [error, setError] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    if (chosen.length === 0) {
      setError('Choose WhatsApp, email or both');
      return;
    }
    setError('');
    send.mutate(
      { id: quote._id, channels: chosen },
      {
        onSuccess: (answer) => {
          const { text, tone } = sendToast(answer);
          toast.show(text, tone);
          setOpen(false);
          onSent?.(answer);
        },
        onError: (failure) => {
          const words = errorMessage(failure, 'The quote was not sent');
          setError(words);
          toast.show(words, 'danger');
        },
      },
    );
  }

  return (
    <>
      <button
        type="button"
        className={`btn${small ? ' btn--small btn--outline' : ''}`}
        onClick={() => setOpen(true)}
        aria-label={small ? `Send ${quote.number}` : undefined}
      >
        <Send aria-hidden="true" size={16} /> Send
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Send ${quote.number}`}>
        <form className="quote-send" onSubmit={submit} noValidate>
          <p className="ui-muted">The quotation&apos;s PDF goes to the customer on:</p>
          <fieldset className="quote-send__channels">
            <legend className="visually-hidden">Channels</legend>
            {(Object.keys(CHANNEL_WORDS) as QuoteChannel[]).map((channel) => (
              <CheckLabel
                key={channel}
                className="quote-send__channel"
                checked={channels[channel]}
                onChange={(on) => setChannels((all) => ({ ...all, [channel]: on }))}
              >
                {channel === 'whatsapp' ? 'WhatsApp' : 'Email'}
              </CheckLabel>
            ))}
          </fieldset>
          <p className="ui-muted quote-send__note">
            Outside the customer&apos;s 24-hour WhatsApp window the PDF goes in an approved
            template.
          </p>
          <DialogFormFooter
            error={error}
            busy={send.isPending}
            submitLabel="Send"
            busyLabel="Sending…"
            onCancel={() => setOpen(false)}
          />
        </form>
      </Dialog>
    </>
  );
}
