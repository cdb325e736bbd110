// Calendar days in the company's time zone (config.timeZone) as instants: a created-on filter
// from 2026-03-01 to 2026-03-31 means from that day's local midnight to the next day's after
// the 31st.

import type { z } from 'zod';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === text;
}

/**
 * A formatter per time zone, made on first use and kept: making an Intl.DateTimeFormat costs
 * many times using one (docs/benchmarks.md), and a dashboard call's start of day takes two.
 */
function perTimeZone(make: (timeZone: string) => Intl.DateTimeFormat) {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string): Intl.DateTimeFormat => {
    let formatter = made.get(timeZone);
    if (!formatter) made.set(timeZone, (formatter = make(timeZone)));
    return formatter;
  };
}

const wallClock = perTimeZone(
  (timeZone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);

const isoDate = perTimeZone(
  (timeZone) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/** How far the zone's wall clock is ahead of UTC at instant `ms` (milliseconds). */
function zoneOffset(ms: number, timeZone: string): number {
  const parts = wallClock(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant the day `date` (YYYY-MM-DD) starts in `timeZone`; `addDays` moves the day. */
export function startOfDay(date: string, timeZone: string, addDays = 0): Date {
  return timeOfDay(date, '00:00', timeZone, addDays);
}

/** Whether `text` is a time of day written HH:MM (24-hour). */
export const isTimeOfDay = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/**
 * The instant the clocks of `timeZone` read `time` (HH:MM) on the day `date` (YYYY-MM-DD),
 * `addDays` later.
 */
export function timeOfDay(date: string, time: string, timeZone: string, addDays = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d + addDays, hours, minutes);
  let instant = wall - zoneOffset(wall, timeZone);
  // Across an offset change the first guess can be an hour off; one correction settles it.
  const corrected = wall - zoneOffset(instant, timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

/**
 * An instant as the company's clock reads it, with that clock's offset
 * (`2026-03-01T15:30:00.000+05:30`): what a person reads in a file, and still the exact instant.
 */
export function localIsoTime(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const offset = zoneOffset(ms, timeZone);
  const wall = new Date(ms + offset).toISOString().slice(0, 23);
  const minutes = Math.abs(offset) / 60_000;
  const hhmm = [Math.floor(minutes / 60), minutes % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return `${wall}${offset < 0 ? '-' : '+'}${hhmm}`;
}

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return isoDate(timeZone).format(instant);
}

/**
 * A list query's check: a `to` date before its `from` date (YYYY-MM-DD) is refused, the message
 * naming `field` (`to` unless said).
 */
export function checkDateRange(
  query: { from?: string; to?: string },
  ctx: z.core.$RefinementCtx,
  field = 'to',
): void {
  if (query.from && query.to && query.from > query.to)
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message: 'The end date is before the start date',
    });
}
