import { splitValues } from '../../../lib/split-values';

export { splitValues };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Phone-like text: digits with optional +, spaces, dots, dashes and brackets, 7 to 15 digits. */
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** Keeps the digits and a leading '+': '+91 98765-43210' → '+919876543210'. */
export function normalisePhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') && digits ? `+${digits}` : digits;
}

export function isPhone(value: string): boolean {
  const trimmed = value.trim();
  if (!PHONE_LIKE.test(trimmed)) return false;
  const digits = trimmed.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** Removes repeats (compared by `key`), keeping the first spelling and the order. */
export function unique(values: readonly string[], key = (value: string) => value): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export const uniqueNames = (values: readonly string[]) =>
  unique(
    values.map((v) => v.trim().replace(/\s+/g, ' ')),
    (v) => v.toLowerCase(),
  );
export const uniquePhones = (values: readonly string[]) =>
  unique(values.map(normalisePhone).filter(Boolean), (v) => v.replace(/^\+/, ''));
export const uniqueEmails = (values: readonly string[]) =>
  unique(values.map((v) => v.trim().toLowerCase()));

export type ContactValues = { names: string[]; phones: string[]; emails: string[] };

/** Quick Add: one customer from free text, each value sorted into emails, phones or names. */
export function parseQuickAdd(text: string): ContactValues {
  const names: string[] = [];
  const phones: string[] = [];
  const emails: string[] = [];
  for (const value of splitValues(text)) {
    if (isEmail(value)) emails.push(value);
    else if (isPhone(value)) phones.push(value);
    else names.push(value);
  }
  return {
    names: uniqueNames(names),
    phones: uniquePhones(phones),
    emails: uniqueEmails(emails),
  };
}

export function hasContact({ names, phones, emails }: ContactValues): boolean {
  return names.length + phones.length + emails.length > 0;
}
