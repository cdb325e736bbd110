// Days and months in the company time zone: every day and month the dashboard counts is one there.
import { Timestamp } from 'firebase-admin/firestore';
import { startOfDay as dayStart } from '../../company-days';
import { now } from '../../clock';
import { getConfig } from '../../config';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function toMillis(value: unknown): number | null {
  if (value instanceof Timestamp) return value.toMillis();
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' || typeof value === 'number') {
    const ms = new Date(value).getTime();
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

/** 'YYYY-MM-DD' of the company day holding `ms`. */
export function dayKey(ms: number, timeZone = getConfig().timeZone): string {
  return formatter(timeZone).format(new Date(ms));
}

/** 'YYYY-MM-DD' of today on the company's clocks. */
export const companyToday = (): string => dayKey(now());

/** 'YYYY-MM' of the company month holding `ms`. */
export function monthKey(ms: number, timeZone = getConfig().timeZone): string {
  return dayKey(ms, timeZone).slice(0, 7);
}

/** The month before 'YYYY-MM'. */
export function previousMonth(key: string): string {
  const [y, m] = key.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' plus `n` calendar days. */
export function addDays(key: string, n: number): string {
  const d = new Date(`${key}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The instant a company day starts, in milliseconds. */
export function startOfDay(key: string, timeZone = getConfig().timeZone): number {
  return dayStart(key, timeZone).getTime();
}
