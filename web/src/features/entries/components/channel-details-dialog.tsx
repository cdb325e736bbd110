import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../lib/dialog';
import { formatDateTime } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { RESEND_FAILED, useResendEntry } from '../api/resend-entry';
import type { EmailDispatch, Entry, WhatsAppDispatch } from '../api/types';
import { outcomeTone, sendOutcome } from '../model/entry-view';
import { FileLinks, ToneBadge } from './entry-parts';

function ChannelPanel({
  title,
  send,
  subject,
}: {
  title: string;
  send: WhatsAppDispatch | EmailDispatch | undefined;
  /** Email only. */
  subject?: string;
}) {
  return (
    <section className="ui-panel entries-channel" aria-label={title}>
      <h3 className="entries-channel__title">
        {title} <ToneBadge tone={send ? 'success' : 'gray'}>{send ? 'ON' : 'OFF'}</ToneBadge>
      </h3>
      {send && (
        <dl className="ui-card__fields">
          <dt>Recipients</dt>
          <dd>{send.to?.length ? send.to.join(', ') : '—'}</dd>
          <dt>Template id</dt>
          <dd>{send.templateId || '—'}</dd>
          {subject !== undefined && (
            <>
              <dt>Subject</dt>
              <dd>{subject || '—'}</dd>
            </>
          )}
          <dt>Body</dt>
          <dd className="entries-pre">{send.text || '—'}</dd>
          <dt>Attachments</dt>
          <dd>
            <FileLinks files={send.attachments ?? []} />
          </dd>
          <dt>Outcome</dt>
          <dd>
            <ToneBadge tone={outcomeTone(send)}>{sendOutcome(send)}</ToneBadge>
            {send.at && <span className="ui-muted"> {formatDateTime(send.at)}</span>}
            {send.media && send.media.length > 0 && (
              <ul className="entries-plain-list">
                {send.media.map((m) => (
                  <li key={m.name}>
                    {m.name}:{' '}
                    {m.status === 'sent' ? `sent (${m.messageId ?? ''})` : `failed: ${m.error}`}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      )}
    </section>
  );
}

/** What went out on each channel and how each send went; Resend sends the ON channels again. */
export function ChannelDetailsDialog({
  entry,
  onClose,
}: {
  entry: Entry | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={entry !== null} onClose={onClose} title="Channel Details">
      {entry && <ChannelDetails key={entry._id} entry={entry} />}
    </Dialog>
  );
}

function ChannelDetails({ entry }: { entry: Entry }) {
  const toast = useToast();
  const resend = useResendEntry();
  // The answer of a resend carries the new outcomes.
  const [shown, setShown] = useState(entry);
  const { whatsapp, email } = shown.dispatch;

  function onResend() {
    if (resend.isPending) return;
    resend.mutate(
      { id: entry._id, whatsapp: Boolean(whatsapp), email: Boolean(email) },
      {
        onSuccess: (answer) => {
          setShown(answer);
          toast.show('Resent successfully!', 'success');
        },
        onError: (error) => toast.show(errorMessage(error, RESEND_FAILED), 'danger'),
      },
    );
  }

  return (
    <div className="entries-dialog">
      <div className="entries-channels">
        <ChannelPanel title="WhatsApp" send={whatsapp} />
        <ChannelPanel title="Email" send={email} subject={email?.subject ?? ''} />
      </div>
      {(whatsapp || email) && (
        <div className="ui-actions ui-actions--end">
          <button
            type="button"
            className="btn"
            aria-disabled={resend.isPending || undefined}
            onClick={onResend}
          >
            {resend.isPending ? 'Resending…' : 'Resend'}
          </button>
        </div>
      )}
    </div>
  );
}
