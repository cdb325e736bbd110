import { Clip } from '../../../lib/clip';
import { formatDateTime } from '../../../lib/format';
import type {
  EmailDispatch as EmailSendOutcome,
  WhatsAppDispatch as SendOutcome,
} from '../../../resources/entries';
import { sendStatusTone } from '../model/entry-view';
import { receivedView } from '../model/received';
import { CHANNEL_NAME, type SentChannel } from '../model/send-toasts';
import { ToneBadge } from './tone-badge';
import './received-message.css';

/** One channel's message as the customer got it, with its state, time and reason. */
export function ReceivedMessage({
  channel,
  send,
  compact = false,
}: {
  channel: SentChannel;
  send: SendOutcome | EmailSendOutcome;
  /** A list row: one line (the whole on hover and keyboard focus, and in Channel Details). */
  compact?: boolean;
}) {
  const view = receivedView(send);
  const name = CHANNEL_NAME[channel];
  if (compact) {
    const said = view.reason || [view.subject, view.words].filter(Boolean).join(': ');
    return (
      <Clip
        full={`${name} ${view.state}${said ? `: ${said}` : ''}`}
        className="clip received received--compact"
      >
        <span className="received__channel">{name}</span>{' '}
        <ToneBadge tone={sendStatusTone(send.status)}>{view.state}</ToneBadge>{' '}
        {view.reason ? <span className="received__reason">{view.reason}</span> : said}
      </Clip>
    );
  }
  return (
    <div
      className="received"
      data-testid={`received-${channel}`}
      aria-label={`${name} message`}
      role="group"
    >
      <p className="received__head">
        <span className="received__channel">{name}</span>{' '}
        <ToneBadge tone={sendStatusTone(send.status)}>{view.state}</ToneBadge>
        {view.at && <span className="ui-muted"> {formatDateTime(view.at)}</span>}
        {view.template && <span className="ui-muted"> · template {view.template}</span>}
      </p>
      {view.reason && <p className="received__reason">{view.reason}</p>}
      {view.sent && (view.words || view.subject) && (
        <blockquote className="received__words">
          {view.subject && <span className="received__subject">{view.subject}</span>}
          {view.words}
        </blockquote>
      )}
    </div>
  );
}

/** Each channel's message of an entry or a follow-up, WhatsApp first. */
export function ReceivedMessages({
  sends,
  compact,
}: {
  sends: { whatsapp?: SendOutcome; email?: EmailSendOutcome };
  compact?: boolean;
}) {
  const channels = (['whatsapp', 'email'] as const).filter((c) => sends[c]);
  if (channels.length === 0) return null;
  return (
    <div className="received-list" aria-label="What the customer received">
      {channels.map((channel) => (
        <ReceivedMessage key={channel} channel={channel} send={sends[channel]!} compact={compact} />
      ))}
    </div>
  );
}
