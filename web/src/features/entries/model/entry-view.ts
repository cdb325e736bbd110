// How an entry's values read on screen: status and history tones (spec §4, §9), the +N of long
// lists and the parts of the Channel Details panels.
import type { EmailDispatch, Entry, HistoryItem, WhatsAppDispatch } from '../api/types';
import { CHANNEL_LABELS } from './constants';

export type Tone = 'brand' | 'gray' | 'success' | 'warn' | 'info' | 'danger';

/** Spec §4: empty reads as pending; confirmed is the success tone. */
export function statusOf(entry: Pick<Entry, 'status'>): string {
  return entry.status || 'pending';
}

const STATUS_TONES: Record<string, Tone> = {
  pending: 'warn',
  approved: 'info',
  confirmed: 'success',
  cancelled: 'danger',
};
export const statusTone = (status: string): Tone => STATUS_TONES[status] ?? 'gray';

/** Spec §9: created brand, edited warn, follow_up info, comment gray. */
const HISTORY_TONES: Record<string, Tone> = {
  created: 'brand',
  edited: 'warn',
  follow_up: 'info',
  comment: 'gray',
};
export const historyTone = (type: HistoryItem['type']): Tone => HISTORY_TONES[type] ?? 'gray';

export const HISTORY_LABELS: Record<string, string> = {
  created: 'Created',
  edited: 'Edited',
  follow_up: 'Follow-up',
  comment: 'Comment',
};

export const channelLabel = (channel: string) => CHANNEL_LABELS[channel] ?? channel ?? '';

/** The first `max` values and how many more there are. */
export function firstOf<T>(values: readonly T[], max: number): { shown: T[]; more: number } {
  return { shown: values.slice(0, max), more: Math.max(0, values.length - max) };
}

/** Who the entry is about, in one line (dialog titles, button names). */
export function customerName(entry: Pick<Entry, 'customer'>): string {
  const c = entry.customer;
  return c?.names?.[0] || c?.phones?.[0] || c?.emails?.[0] || 'Unknown customer';
}

/** One send's stored outcome as words: sent with the id, failed with the reason, delivery. */
export function sendOutcome(send: WhatsAppDispatch | EmailDispatch): string {
  switch (send.status) {
    case 'sending':
      return 'Sending…';
    case 'failed':
      return `Failed: ${send.error || 'no reason given'}`;
    case 'delivered':
    case 'read':
      return `Sent (${send.messageId ?? 'no message id'}), ${send.status}`;
    case 'sent':
      return `Sent (${send.messageId ?? 'no message id'})`;
    default:
      return 'Not sent';
  }
}

export const outcomeTone = (send: WhatsAppDispatch | EmailDispatch): Tone =>
  send.status === 'failed' ? 'danger' : send.status === 'sending' ? 'gray' : 'success';
