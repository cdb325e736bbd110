import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../lib/dialog';
import { BreakableEmail } from '../../../lib/email';
import { formatDateTime } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import { WhatsAppPreviewPanel, windowLabel } from '../../whatsapp';
import { RESEND_FAILED, useResendEntry } from '../api/resend-entry';
import { formatPhone } from '../../../lib/phone';
import { useTemplateChoices } from '../../../resources/templates';
import type { EmailDispatch, Entry, Template, WhatsAppDispatch } from '../api/types';
import { sendStatusLabel, sendStatusTone } from '../model/entry-view';
import { channelToast, type SentChannel } from '../model/send-toasts';
import { DeliveryTimeline } from './delivery-timeline';
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
  const isWhatsApp = subject === undefined;
  // Email templates are stored by id: show the title where the id is one of ours.
  const emailTemplate = send?.templateId
    ? (templates.find((t) => t._id === send.templateId)?.title ?? send.templateId)
    : '';
  return (
    <section className="ui-panel entries-channel" aria-label={title}>
      <h3 className="entries-channel__title">
        {title} <ToneBadge tone={send ? 'success' : 'gray'}>{send ? 'ON' : 'OFF'}</ToneBadge>
      </h3>
      {send && (
        <dl className="ui-card__fields">
          <dt>Status</dt>
          <dd>
            <ToneBadge tone={sendStatusTone(send.status)}>{sendStatusLabel(send.status)}</ToneBadge>
            {(send.statusAt ?? send.at) && (
              <span className="ui-muted"> {formatDateTime(send.statusAt ?? send.at)}</span>
            )}
            {send.error && <p className="entries-send-error">{send.error}</p>}
          </dd>
          <dt>Recipients</dt>
          <dd>
            {send.to?.length ? (
              <ul className="entries-recipients">
                {send.to.map((to) => (
                  <li key={to}>{isWhatsApp ? formatPhone(to) : <BreakableEmail email={to} />}</li>
                ))}
              </ul>
            ) : (
              '—'
            )}
          </dd>
          {isWhatsApp && (
            <>
              <dt>Template</dt>
              <dd>
                {send.templateName
                  ? `${send.templateName}${send.language ? ` (${send.language})` : ''}`
                  : 'None (free text)'}
              </dd>
              {send.window && (
                <>
                  <dt>Window when sent</dt>
                  <dd>{windowLabel(send.window, send.at ? new Date(send.at) : undefined)}</dd>
                </>
              )}
            </>
          )}
          {!isWhatsApp && (
            <>
              <dt>Template</dt>
              <dd title={send.templateId || undefined}>{emailTemplate || '—'}</dd>
              <dt>Subject</dt>
              <dd>{subject || '—'}</dd>
            </>
          )}
          <dt>Body</dt>
          <dd className="entries-pre">{send.text || '—'}</dd>
          {send.preview && (
            <>
              <dt>The customer read</dt>
              <dd className="entries-pre">{send.preview}</dd>
            </>
          )}
          <dt>Attachments</dt>
          <dd>
            <FileLinks files={send.attachments ?? []} />
            {send.media && send.media.length > 0 && (
              <ul className="entries-plain-list" aria-label={`${title} files`}>
                {send.media.map((m) => (
                  <li key={m.name}>
                    {m.name}:{' '}
                    <ToneBadge tone={sendStatusTone(m.status)}>
                      {sendStatusLabel(m.status)}
                    </ToneBadge>
                    {m.error && <span className="entries-send-error">{m.error}</span>}
                  </li>
                ))}
              </ul>
            )}
            {send.skipped && <p className="ui-muted">{send.skipped}</p>}
          </dd>
          <dt>Timeline</dt>
          <dd>
            <DeliveryTimeline steps={send.timeline ?? []} label={`${title} timeline`} />
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

/** The entry a failed resend (502) carries, with the new outcomes. */
function entryOf(error: unknown): Entry | undefined {
  const body = error instanceof ApiError ? error.body : undefined;
  const entry = body && typeof body === 'object' && 'entry' in body ? body.entry : undefined;
  return entry && typeof entry === 'object' && 'dispatch' in entry ? (entry as Entry) : undefined;
}

function ChannelDetails({ entry }: { entry: Entry }) {
  const toast = useToast();
  const resend = useResendEntry();
  // The answer of a resend carries the new outcomes.
  const [shown, setShown] = useState(entry);
  const { whatsapp, email } = shown.dispatch;
  const templates = useTemplateChoices();
  const chosen = (['whatsapp', 'email'] as const).filter((c) => shown.dispatch[c]);

  function toastEach(answer: Entry, failed: readonly string[]) {
    for (const channel of chosen) {
      const { message, tone } = channelToast(channel as SentChannel, answer.dispatch, failed);
      toast.show(message, tone);
    }
  }

  function onResend() {
    if (resend.isPending) return;
    resend.mutate(
      { id: entry._id, whatsapp: Boolean(whatsapp), email: Boolean(email) },
      {
        onSuccess: (answer) => {
          setShown(answer);
          const settled = chosen.every((c) =>
            ['sent', 'processed', 'delivered', 'read', 'opened'].includes(
              answer.dispatch[c]?.status ?? 'sent',
            ),
          );
          if ((answer.failed ?? []).length === 0 && settled) {
            toast.show('Resent successfully!', 'success');
          } else toastEach(answer, answer.failed ?? []);
        },
        onError: (error) => {
          const answer = entryOf(error);
          if (answer) setShown(answer);
          toast.show(errorMessage(error, RESEND_FAILED), 'danger');
        },
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
      {whatsapp && (
        <section className="entries-delivery" aria-label="If you resend now">
          <h3>If you resend WhatsApp now</h3>
          <WhatsAppPreviewPanel
            request={{
              customerId: shown.customerId,
              text: whatsapp.text || shown.description,
              ...(whatsapp.templateId && { templateId: whatsapp.templateId }),
              attachments: whatsapp.attachments?.length ?? 0,
            }}
          />
        </section>
      )}
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
