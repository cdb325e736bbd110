import { Clip } from '../../../lib/clip';
import { formatPhone } from '../../../lib/phone';
import type { PendingSend } from '../../../resources/entries';
import { sendStatusLabel } from '../../entries';

const CHANNEL = { whatsapp: 'WhatsApp', email: 'Email' } as const;

/**
 * What already went to the customer for a pending entry (messages leave when the entry is
 * saved, not when it is approved): the channel, to whom, how it went, and the words, cut to
 * two lines (in the table: the recipients and the words one line each), whole on hover and
 * focus.
 */
export function SentMessages({ sends }: { sends: readonly PendingSend[] }) {
  if (sends.length === 0) return <span className="ui-muted">Nothing sent</span>;
  return (
    <ul className="pending__sent">
      {sends.map((send) => {
        const to = send.to.map((value) =>
          send.channel === 'whatsapp' ? formatPhone(value) : value,
        );
        return (
          <li key={send.channel}>
            <span className="pending__sent-head">
              {CHANNEL[send.channel]} · {sendStatusLabel(send.status)}
              {to.length > 0 && (
                <>
                  <span className="pending__sent-sep"> · </span>
                  <Clip full={to.join(', ')} className="ui-muted pending__sent-to">
                    {to.join(', ')}
                  </Clip>
                </>
              )}
            </span>
            {send.text && (
              <Clip full={send.text} className="clip clip--two-lines pending__sent-text" />
            )}
          </li>
        );
      })}
    </ul>
  );
}
