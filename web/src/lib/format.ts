const LOCALE = 'en-IN';
const EMPTY = '—';

const inr = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'INR' });
const date = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = value instanceof Date ? value : new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** Indian rupees with Indian digit grouping: 1234567.5 → '₹12,34,567.50'; '—' when not a number. */
export function formatINR(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const amount = Number(value);
  return Number.isFinite(amount) ? inr.format(amount) : EMPTY;
}

/** '05 Jan 2025'; '—' when missing or invalid. */
export function formatDate(value: DateInput): string {
  const parsed = toDate(value);
  return parsed ? date.format(parsed) : EMPTY;
}

/** '05 Jan 2025, 2:30 pm'; '—' when missing or invalid. */
export function formatDateTime(value: DateInput): string {
  const parsed = toDate(value);
  return parsed ? dateTime.format(parsed) : EMPTY;
}
