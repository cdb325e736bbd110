import { companyDay, zonedFormat } from './company-time';

// Figures as en-IN writes them; times and days on the company's clock (company-time.ts).
const LOCALE = 'en-IN';
const EMPTY = '—';

/**
 * A formatter made on its first use rather than when its module loads: a page's first Intl
 * formatter loads the locale's data, about 0.1 s of a phone's CPU at 4x slowdown, which would
 * otherwise come before the first screen's first paint (its skeleton needs no figures).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const inr = onFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'INR' }));
// Whole rupees read without paise ('₹4,92,314'); an amount with paise keeps them.
const inrWhole = onFirstUse(
  () =>
    new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    }),
);
const dayMonth = zonedFormat({ day: 'numeric', month: 'short' });
const dayMonthYear = zonedFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const clock = zonedFormat({ hour: 'numeric', minute: '2-digit' });
// A day written YYYY-MM-DD (a chart's key, a quote's validity) names a day, not an instant: it
// is read as it stands, whatever the zone (as UTC's midnight of that day).
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const asWrittenDayMonth = onFirstUse(
  () => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
);
const asWrittenDayMonthYear = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);
const dayAsWritten = (match: RegExpExecArray) =>
  new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = value instanceof Date ? value : new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** ICU writes a narrow no-break space before am/pm, which some fonts draw oddly; a plain one reads the same. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** Indian rupees with Indian digit grouping: 1234567.5 → '₹12,34,567.50', 492314 → '₹4,92,314'; '—' when not a number. */
export function formatINR(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const amount = Number(value);
  if (!Number.isFinite(amount)) return EMPTY;
  return Math.round(amount * 100) % 100 === 0 ? inrWhole().format(amount) : inr().format(amount);
}

/** The day as people write it: '27 Oct' this year, '27 Oct 2025' another year (company time). */
function day(parsed: Date, now: Date): string {
  return companyDay(parsed).slice(0, 4) === companyDay(now).slice(0, 4)
    ? dayMonth().format(parsed)
    : dayMonthYear().format(parsed);
}

/** '5 Jan' (this year) or '5 Jan 2025'; '—' when missing or invalid. */
export function formatDate(value: DateInput, now: Date = new Date()): string {
  const written = typeof value === 'string' ? DAY_ONLY.exec(value) : null;
  if (written) {
    const thisYear = written[1] === companyDay(now).slice(0, 4);
    return (thisYear ? asWrittenDayMonth() : asWrittenDayMonthYear()).format(dayAsWritten(written));
  }
  const parsed = toDate(value);
  return parsed ? day(parsed, now) : EMPTY;
}

/** '25 Nov, 7:47 pm' (this year) or '25 Nov 2025, 7:47 pm'; '—' when missing or invalid. */
export function formatDateTime(value: DateInput, now: Date = new Date()): string {
  const parsed = toDate(value);
  return parsed ? `${day(parsed, now)}, ${formatTime(parsed)}` : EMPTY;
}

/** '7:47 pm'; '—' when missing or invalid. */
export function formatTime(value: DateInput): string {
  const parsed = toDate(value);
  return parsed ? plainSpaces(clock().format(parsed)) : EMPTY;
}

/** A chart's day key ('2026-10-27', as the server groups by) as '27 Oct'; other keys as they are. */
export function formatDayKey(key: string): string {
  const match = DAY_ONLY.exec(key);
  return match ? asWrittenDayMonth().format(dayAsWritten(match)) : key;
}
