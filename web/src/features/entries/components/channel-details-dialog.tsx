import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../lib/dialog';
import { formatDateTime } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { RESEND_FAILED, useResendEntry } from '../api/resend-entry';
import { formatPhone } from '../../../lib/phone';
import { useEntryTemplates } from '../api/get-templates';
import type { EmailDispatch, Entry, Template, WhatsAppDispatch } from '../api/types';
import { outcomeTone, sendOutcome } from '../model/entry-view';
import { FileLinks, ToneBadge } from './entry-parts';

function ChannelPanel({
  title,
  send,
  subject,
  templates,
}: {
  title: string;
  send: WhatsAppDispatch | EmailDispatch | undefined;
  /** Email only. */
  subject?: string;
  templates: readonly Template[];
}) {
  // Email templates are stored by id, WhatsApp ones by their provider name: show the title
  // where the id is one of ours.
  const template = send?.templateId
    ? (templates.find((t) => t._id === send.templateId)?.title ?? send.templateId)
    : '';
  const outcome = send ? sendOutcome(send) : '';
  return (
    <section className="ui-panel entries-channel" aria-label={title}>
      <h3 className="entries-channel__title">
        {title} <ToneBadge tone={send ? 'success' : 'gray'}>{send ? 'ON' : 'OFF'}</ToneBadge>
      </h3>
      {send && (
        <dl className="ui-card__fields">
          <dt>Recipients</dt>
          <dd>
            {send.to?.length ? (
              <ul className="entries-recipients">
                {send.to.map((to) => (
                  <li key={to}>{formatPhone(to)}</li>
                ))}
              </ul>
            ) : (
              '—'
            )}
          </dd>
          <dt>Template</dt>
          <dd title={send.templateId || undefined}>{template || '—'}</dd>
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
            <span className="entries-outcome">
              <ToneBadge tone={outcomeTone(send)}>{outcome}</ToneBadge>
            </span>
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
  const templates = useEntryTemplates();

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
        <ChannelPanel title="WhatsApp" send={whatsapp} templates={templates} />
        <ChannelPanel
          title="Email"
          send={email}
          subject={email?.subject ?? ''}
          templates={templates}
        />
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
