// A conversation message in words: its state, its time, and whether a file is an image.
import { sameCompanyDay } from '../../../lib/company-time';
import { formatDateTime, formatTime } from '../../../lib/format';
import type { ConversationFile, ConversationMessage } from '../api/types';

const STATE_WORDS: Record<string, string> = {
  queued: 'Sending…',
  sending: 'Sending…',
  sent: 'Sent',
  processed: 'Sent',
  deferred: 'Delayed',
  delivered: 'Delivered',
  read: 'Read',
  opened: 'Opened',
  failed: 'Failed',
  unknown: 'Not confirmed',
  not_sent: 'Not sent',
  received: '',
};

/** 'Delivered', 'Read', 'Failed: <the reason>' ...; '' for what the customer sent. */
export function stateWords(message: Pick<ConversationMessage, 'state' | 'error'>): string {
  const words = STATE_WORDS[message.state] ?? message.state;
  if (message.state === 'failed' || message.state === 'unknown')
    return message.error ? `${words}: ${message.error}` : words;
  return words;
}

export const failed = (message: Pick<ConversationMessage, 'state'>) =>
  message.state === 'failed' || message.state === 'not_sent';

/** '7:47 pm' today, '25 Nov, 7:47 pm' before (with the year when it was another year). */
export function messageTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return sameCompanyDay(at, now) ? formatTime(at) : formatDateTime(at, now);
}

export const isImage = (file: ConversationFile) => file.mimetype.startsWith('image/');

export const CHANNEL_WORDS = { whatsapp: 'WhatsApp', email: 'Email' } as const;
