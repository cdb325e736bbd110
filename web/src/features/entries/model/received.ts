// What the customer received on a channel, as every screen shows it: the words (the owner's
// `preview`: the WhatsApp text or the template as it read filled in, the email's text) with
// the message's state, its time and, when it did not go, the reason in words.
import type {
  EmailDispatch as EmailSendOutcome,
  WhatsAppDispatch as SendOutcome,
} from '../../../resources/entries';
import { sendStatusLabel } from './entry-view';

export type ReceivedView = {
  /** The words the customer got; '' when nothing reached them. */
  words: string;
  /** Email only. */
  subject: string;
  /** The approved template that carried the words (WhatsApp). */
  template: string;
  state: string;
  /** The latest time known: the provider's last callback, else when it was sent. */
  at: string | undefined;
  /** Why it did not go, or what went wrong, in words. */
  reason: string;
  sent: boolean;
};

const NOT_SENT = new Set(['not_sent']);

export function receivedView(send: SendOutcome | EmailSendOutcome): ReceivedView {
  const sent = !NOT_SENT.has(send.status ?? '');
  // Before write-once the email's words were kept as its text only.
  const words = sent ? (send.preview ?? ('subject' in send ? (send.text ?? '') : '')) : '';
  return {
    words,
    subject: 'subject' in send && sent ? (send.subject ?? '') : '',
    template: sent && send.templateName ? send.templateName : '',
    state: sendStatusLabel(send.status),
    at: send.statusAt ?? send.at,
    reason: send.error ?? '',
    sent,
  };
}

const REACHED = new Set(['delivered', 'read', 'opened']);
const DID_NOT_GO = new Set(['failed', 'not_sent', 'skipped']);

/**
 * What the words of a send are called beside its state: only a message that reached the
 * customer is one they "received"; a failed one they did not.
 */
export function receivedLabel(status: string | undefined): string {
  if (status && REACHED.has(status)) return 'The customer received';
  if (!status || DID_NOT_GO.has(status)) return 'Not received: the message was';
  return 'Sent to the customer';
}
