// How an entry's values read on screen: status and history tones, the +N of long
// lists and the parts of the Channel Details panels.
import { formatPhone } from '../../../lib/phone';
import type { Entry, HistoryItem } from '../../../resources/entries';
import { CHANNEL_LABELS } from './constants';

export type Tone = 'brand' | 'gray' | 'success' | 'warn' | 'info' | 'danger';

/** Empty reads as pending; confirmed is the success tone. */
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

/** Created brand, edited warn, follow_up info, comment gray. */
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
  const phone = c?.phones?.[0];
  return c?.names?.[0] || (phone && formatPhone(phone)) || c?.emails?.[0] || 'Unknown customer';
}

const SEND_STATUS: Record<string, { label: string; tone: Tone }> = {
  queued: { label: 'Queued', tone: 'gray' },
  sending: { label: 'Sending…', tone: 'gray' },
  sent: { label: 'Sent', tone: 'info' },
  processed: { label: 'Accepted by SendGrid', tone: 'info' },
  deferred: { label: 'Deferred (retrying)', tone: 'warn' },
  delivered: { label: 'Delivered', tone: 'success' },
  read: { label: 'Read', tone: 'success' },
  opened: { label: 'Opened', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  unknown: { label: 'Outcome unknown', tone: 'warn' },
  not_sent: { label: 'Not sent', tone: 'danger' },
  skipped: { label: 'Not sent', tone: 'gray' },
};

/** A send's (or one step's, or one file's) status in words: 'Delivered', 'Outcome unknown'. */
export const sendStatusLabel = (status: string | undefined): string =>
  status ? (SEND_STATUS[status]?.label ?? status) : 'Not sent';

/** Failures red, doubts amber, delivery green, on the way grey or blue. */
export const sendStatusTone = (status: string | undefined): Tone =>
  (status && SEND_STATUS[status]?.tone) || 'gray';
