import { useState } from 'react';
import { useCan } from '../../../lib/can';
import { Dialog } from '../../../lib/dialog';
import { BreakableEmail } from '../../../lib/email';
import { formatDateTime } from '../../../lib/format';
import { windowLabel } from '../../whatsapp';
import { formatPhone } from '../../../lib/phone';
import { useTemplateChoices } from '../../../resources/templates';
import type { EmailDispatch, Entry, WhatsAppDispatch } from '../../../resources/entries';
import type { Template } from '../../../resources/templates';
import { sendStatusLabel, sendStatusTone } from '../model/entry-view';
import { receivedLabel, receivedView } from '../model/received';
import { DeliveryTimeline } from './delivery-timeline';
import { FileLinks, ToneBadge } from './entry-parts';
import { ResendForm } from './resend-form';

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
  const received = send ? receivedView(send) : null;
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
          <dt>{receivedLabel(send.status)}</dt>
          <dd className="entries-pre">
            {received?.words || (received?.sent ? '—' : `Nothing (${received?.reason ?? ''})`)}
          </dd>
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

/** What went out on each channel and how each send went; Resend asks which channels go again. */
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
  // Resending needs entries.write: a read-only role sees the outcome only.
  const canResend = useCan('entries.write');
  // The answer of a resend carries the new outcomes.
  const [shown, setShown] = useState(entry);
  const { whatsapp, email } = shown.dispatch;
  const templates = useTemplateChoices();
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
      {canResend && (whatsapp || email) && <ResendForm entry={shown} onResent={setShown} />}
    </div>
  );
}
