// The company's clock. Every time and day the console shows is read in the company's time zone
// (GET /settings/public names it, as the server's COMPANY_TIME_ZONE), not the browser's: a
// follow-up due at 10:00 in Pune reads 10:00 on a laptop set to London too, and "today" is the
// company's today. The zone last named is kept in the browser, so a page opens on it without
// asking (the sign-in page asks the settings anyway); before any, the product's default holds.
import { STORAGE_KEYS } from './storage-keys';

export const DEFAULT_COMPANY_TIME_ZONE = 'Asia/Kolkata';

const known = (name: string | null | undefined): name is string => {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en-IN', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

function storedZone(): string {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEYS.companyTimeZone);
  return known(stored) ? stored : DEFAULT_COMPANY_TIME_ZONE;
}

let zone = storedZone();

export function companyTimeZone(): string {
  return zone;
}

/**
 * Takes (and keeps) the company's time zone; a name this browser does not know leaves the
 * current one.
 */
export function setCompanyTimeZone(name: string | null | undefined): void {
  if (name === zone || !known(name)) return;
  zone = name;
  globalThis.localStorage?.setItem(STORAGE_KEYS.companyTimeZone, name);
}

/**
 * A formatter on the company's clock, made on its first use (as onFirstUse in format.ts, for
 * the same first paint) and made again when the zone changes.
 */
export function zonedFormat(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): () => Intl.DateTimeFormat {
  let made: { zone: string; format: Intl.DateTimeFormat } | undefined;
  return () => {
    if (made?.zone !== zone)
      made = { zone, format: new Intl.DateTimeFormat('en-IN', { ...options, timeZone: zone }) };
    return made.format;
  };
}

// The page's own locale, not one that writes YYYY-MM-DD ('en-CA'): each further locale's data
// costs a phone's first screen about 0.1 s (format.ts, onFirstUse).
const dayParts = zonedFormat({ year: 'numeric', month: '2-digit', day: '2-digit' });

/** The company's day of `date` as YYYY-MM-DD. */
export function companyDay(date: Date): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of dayParts().formatToParts(date)) part[type] = value;
  return `${part.year}-${part.month}-${part.day}`;
}

export const sameCompanyDay = (a: Date, b: Date) => companyDay(a) === companyDay(b);
