// The 24-hour window in words, as the composers show it.
import type { WindowState } from '../api/types';

export const CLOSED_WINDOW = 'Closed: needs an approved template';

const LOCALE = 'en-IN';
const time = new Intl.DateTimeFormat(LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayAndTime = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** 'Open until 14:32' (with the date when not today), else 'Closed: needs an approved template'. */
export function windowLabel(window: WindowState, now: Date = new Date()): string {
  const until = window.openUntil ? new Date(window.openUntil) : null;
  if (!window.open || !until || Number.isNaN(until.getTime())) return CLOSED_WINDOW;
  return `Open until ${(sameDay(until, now) ? time : dayAndTime).format(until)}`;
}
