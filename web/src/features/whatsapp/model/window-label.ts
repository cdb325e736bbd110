// The 24-hour window in words, as the composers show it.
import { sameCompanyDay } from '../../../lib/company-time';
import { formatDateTime, formatTime } from '../../../lib/format';
import type { WindowState } from '../api/types';

export const CLOSED_WINDOW = 'Closed: needs an approved template';

/**
 * 'Open until 2:32 pm' (with the date when not today, as every time in the console reads), else
 * 'Closed: needs an approved template'.
 */
export function windowLabel(window: WindowState, now: Date = new Date()): string {
  const until = window.openUntil ? new Date(window.openUntil) : null;
  if (!window.open || !until || Number.isNaN(until.getTime())) return CLOSED_WINDOW;
  return `Open until ${sameCompanyDay(until, now) ? formatTime(until) : formatDateTime(until, now)}`;
}
