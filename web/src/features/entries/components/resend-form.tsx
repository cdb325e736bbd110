import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { FormField } from '../../../lib/form-field';
import { useToast } from '../../../lib/toast';
import { WhatsAppPreviewPanel } from '../../whatsapp';
import { type Entry, RESEND_FAILED, useResendEntry } from '../../../resources/entries';
import { CHANNEL_MESSAGE } from '../model/follow-up-form';
import { receivedView } from '../model/received';
import { CHANNEL_NAME, channelToast, NOT_DELIVERED, type SentChannel } from '../model/send-toasts';
import { CheckLabel } from '../../../lib/check-label';

/** The entry a failed resend (502) carries, with the new outcomes. */
function entryOf(error: unknown): Entry | undefined {
  const body = error instanceof ApiError ? error.body : undefined;
  const entry = body && typeof body === 'object' && 'entry' in body ? body.entry : undefined;
  return entry && typeof entry === 'object' && 'dispatch' in entry ? (entry as Entry) : undefined;
}

/** Ticked: the channels that did not reach the customer. */
const undelivered = (entry: Entry): Record<SentChannel, boolean> => ({
  whatsapp: NOT_DELIVERED.includes(entry.dispatch.whatsapp?.status),
  email: NOT_DELIVERED.includes(entry.dispatch.email?.status),
});

/**
 * Resend: which channels go again (the ones that did not reach the customer ticked), and
 * optionally one new message for all of them; only the ticked channels are sent, and each
 * gets its own toast.
 */
export function ResendForm({ entry, onResent }: { entry: Entry; onResent: (e: Entry) => void }) {
  const id = useId();
  const toast = useToast();
  const resend = useResendEntry();
  const offered = (['whatsapp', 'email'] as const).filter((c) => entry.dispatch[c]);
  const [ticked, setTicked] = useState(() => undelivered(entry));
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const chosen = offered.filter((c) => ticked[c]);
  const whatsapp = entry.dispatch.whatsapp;

  function toastEach(answer: Entry, failed: readonly string[]) {
    for (const channel of chosen) {
      const { message: words, tone } = channelToast(channel, answer.dispatch, failed);
      toast.show(words, tone);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (resend.isPending) return;
    if (chosen.length === 0) {
      setError(CHANNEL_MESSAGE);
      return;
    }
    setError('');
    resend.mutate(
      { id: entry._id, whatsapp: ticked.whatsapp, email: ticked.email, message: message.trim() },
      {
        onSuccess: (answer) => {
          onResent(answer);
          // What went is unticked, so a second press does not send it again.
          setTicked(undelivered(answer));
          toastEach(answer, answer.failed ?? []);
        },
        onError: (caught) => {
          const answer = entryOf(caught);
          if (answer) {
            onResent(answer);
            setTicked(undelivered(answer));
            toastEach(answer, chosen);
          } else toast.show(errorMessage(caught, RESEND_FAILED), 'danger');
        },
      },
    );
  }

  return (
    <form className="entries-delivery" aria-label="Resend" onSubmit={onSubmit} noValidate>
      <h3>Resend</h3>
      <fieldset className="entries-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="ui-field__label">Send again on</legend>
        {offered.map((channel) => {
          const view = receivedView(entry.dispatch[channel]!);
          return (
            <CheckLabel
              key={channel}
              className="entries-check"
              checked={ticked[channel]}
              onChange={(checked) => setTicked((t) => ({ ...t, [channel]: checked }))}
            >
              {CHANNEL_NAME[channel]} <span className="ui-muted">({view.state})</span>
            </CheckLabel>
          );
        })}
      </fieldset>
      <FormField
        as="textarea"
        label="New message"
        rows={2}
        value={message}
        onValueChange={setMessage}
        hint="Left empty, each channel's message goes again."
      />
      {ticked.whatsapp && whatsapp && (
        <WhatsAppPreviewPanel
          request={{
            customerId: entry.customerId,
            text: message.trim() || whatsapp.text || entry.description,
            ...(whatsapp.templateId && { templateId: whatsapp.templateId }),
            attachments: whatsapp.attachments?.length ?? 0,
          }}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="ui-actions ui-actions--end">
        <button type="submit" className="btn" aria-disabled={resend.isPending || undefined}>
          {resend.isPending
            ? 'Resending…'
            : `Resend${chosen.length > 0 ? ` ${chosen.map((c) => CHANNEL_NAME[c]).join(' and ')}` : ''}`}
        </button>
      </div>
    </form>
  );
}
