// The identity rules: phones in E.164 (India by default), emails trimmed, lowercased and
// checked, names trimmed (none of them holding a control or direction character; the note has
// them taken out), categories and potential in their canonical spelling, and no value
// twice within one customer.
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import { z } from 'zod';
import type { CustomerFields } from '../../contract/customers';
import {
  hasHiddenCharacter,
  HIDDEN_CHARACTER_MESSAGE,
  withoutHiddenCharacters,
} from '../../hidden-characters';
import {
  DEFAULT_CATEGORIES,
  MAX_CATEGORIES,
  MAX_CATEGORY_LENGTH,
  MAX_EMAILS,
  MAX_NAME_LENGTH,
  MAX_NAMES,
  MAX_NOTE_LENGTH,
  MAX_PHONES,
  MAX_POTENTIAL_LENGTH,
  POTENTIALS,
} from './constants';

export const DEFAULT_PHONE_REGION = 'IN';

export type { CustomerFields };

/** What callers send: any of the fields, lists as arrays. */
export type CustomerInput = Partial<CustomerFields>;

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

/** E.164 ('+919876543210'), or null when the text is not a valid phone number. */
export function normalizePhone(raw: string): string | null {
  const text = raw.trim();
  // libphonenumber reads letters as keypad digits ('1-800-FLOWERS'); a customer's phone has none.
  if (!text || /\p{L}/u.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_REGION);
  return parsed?.isValid() ? parsed.number : null;
}

let callingCodes: Set<string> | undefined;

/** The national number and calling code of an E.164 phone (for search keys). */
export function phoneParts(e164: string): { nationalNumber: string; callingCode: string } {
  // Calling codes are a prefix code, so the first 1-3 digits that are one say where the
  // national number starts; no parse needed (imports build thousands of these).
  callingCodes ??= new Set(getCountries().map((c) => getCountryCallingCode(c)));
  const digits = e164.slice(1);
  for (let length = 1; length <= 3; length++) {
    const code = digits.slice(0, length);
    if (callingCodes.has(code)) return { nationalNumber: digits.slice(length), callingCode: code };
  }
  const parsed = parsePhoneNumberFromString(e164);
  if (parsed)
    return { nationalNumber: parsed.nationalNumber, callingCode: parsed.countryCallingCode };
  return { nationalNumber: e164.replace(/\D/g, ''), callingCode: '' };
}

const emailSchema = z.email().max(254);

/** Trimmed and lowercased, or null when it is not an email address. */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  return emailSchema.safeParse(email).success ? email : null;
}

/** Trimmed, inner whitespace collapsed to one space. */
export function normalizeText(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim();
}

const CANONICAL_CATEGORIES = new Map(DEFAULT_CATEGORIES.map((c) => [c.toLowerCase(), c]));

/** Trimmed; a default category in its own spelling whatever the case typed ('phe' -> 'PHE'). */
export function normalizeCategory(raw: string): string {
  const text = normalizeText(raw);
  return CANONICAL_CATEGORIES.get(text.toLowerCase()) ?? text;
}

/** A listed potential in its own spelling ('hot' -> 'HOT'); other values trimmed as typed. */
export function normalizePotential(raw: string): string {
  const text = normalizeText(raw);
  const listed = POTENTIALS.find((p) => p === text.toUpperCase());
  return listed ?? text;
}

/** Position in the potential list (0 = VIP); unknown and empty values rank last. */
export function potentialRank(potential: string): number {
  const index = (POTENTIALS as readonly string[]).indexOf(potential.trim().toUpperCase());
  return index === -1 ? POTENTIALS.length : index;
}

/** The better of two potentials (list order); the first when they rank the same. */
export function higherPotential(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return potentialRank(b) < potentialRank(a) ? b : a;
}

/** First occurrence kept, compared by `key` (case-insensitive by default), empties dropped. */
export function unique(values: readonly string[], key = (v: string) => v.toLowerCase()): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const k = key(value);
    if (!value || seen.has(k)) continue;
    seen.add(k);
    out.push(value);
  }
  return out;
}

/** Several values in one text: split on ';', ',', '|' and line breaks, trimmed, empties dropped. */
export function splitValues(text: string): string[] {
  return text
    .split(/[;,|\r\n]+/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * Several names in one text: as splitValues but commas stay, since a comma is part of many
 * names ('Sharma, Ravi', 'ABC Foods, Pune') and an exported name must import back whole.
 */
export function splitNames(text: string): string[] {
  return text
    .split(/[;|\r\n]+/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Distinct non-empty notes joined by line breaks, first seen first. */
export function joinNotes(notes: readonly string[]): string {
  return unique(notes.map((n) => n.trim()).filter(Boolean), (n) => n).join('\n');
}

/** `base` with `extra` appended on a new line, unless `base` already holds it. */
export function appendNote(base: string, extra: string): string {
  const add = extra.trim();
  if (!add || base.includes(add)) return base;
  return base ? `${base}\n${add}` : add;
}

function listIssue(field: string, count: number, max: number): FieldIssue | undefined {
  return count > max
    ? { path: [field], message: `At most ${max} ${field} per customer` }
    : undefined;
}

/**
 * The input's fields normalised, with an issue for each value that is not acceptable (the
 * invalid value is left out of `fields`). Missing fields read as empty.
 */
export function normalizeCustomerInput(input: CustomerInput): {
  fields: CustomerFields;
  issues: FieldIssue[];
} {
  const issues: FieldIssue[] = [];
  const names: string[] = [];
  (input.names ?? []).forEach((raw, i) => {
    const name = normalizeText(raw);
    if (hasHiddenCharacter(raw))
      issues.push({ path: ['names', i], message: `A name ${HIDDEN_CHARACTER_MESSAGE}` });
    else if (name.length > MAX_NAME_LENGTH)
      issues.push({
        path: ['names', i],
        message: `Name longer than ${MAX_NAME_LENGTH} characters`,
      });
    else names.push(name);
  });
  const phones: string[] = [];
  (input.phones ?? []).forEach((raw, i) => {
    if (!raw.trim()) return;
    const phone = hasHiddenCharacter(raw) ? null : normalizePhone(raw);
    if (phone) phones.push(phone);
    else issues.push({ path: ['phones', i], message: `Invalid phone number: ${raw.trim()}` });
  });
  const emails: string[] = [];
  (input.emails ?? []).forEach((raw, i) => {
    if (!raw.trim()) return;
    const email = hasHiddenCharacter(raw) ? null : normalizeEmail(raw);
    if (email) emails.push(email);
    else issues.push({ path: ['emails', i], message: `Invalid email address: ${raw.trim()}` });
  });
  const categories: string[] = [];
  (input.categories ?? []).forEach((raw, i) => {
    const category = normalizeCategory(raw);
    if (hasHiddenCharacter(raw))
      issues.push({ path: ['categories', i], message: `A category ${HIDDEN_CHARACTER_MESSAGE}` });
    else if (category.length > MAX_CATEGORY_LENGTH)
      issues.push({
        path: ['categories', i],
        message: `Category longer than ${MAX_CATEGORY_LENGTH} characters`,
      });
    else categories.push(category);
  });
  const potential = normalizePotential(input.potential ?? '');
  if (potential.length > MAX_POTENTIAL_LENGTH)
    issues.push({
      path: ['potential'],
      message: `Potential longer than ${MAX_POTENTIAL_LENGTH} characters`,
    });
  const note = withoutHiddenCharacters(input.note ?? '').trim();
  if (note.length > MAX_NOTE_LENGTH)
    issues.push({ path: ['note'], message: `Note longer than ${MAX_NOTE_LENGTH} characters` });

  const fields: CustomerFields = {
    names: unique(names),
    phones: unique(phones, (p) => p),
    emails: unique(emails, (e) => e),
    categories: unique(categories),
    potential: potential.length > MAX_POTENTIAL_LENGTH ? '' : potential,
    note: note.length > MAX_NOTE_LENGTH ? '' : note,
  };
  for (const issue of [
    listIssue('names', fields.names.length, MAX_NAMES),
    listIssue('phones', fields.phones.length, MAX_PHONES),
    listIssue('emails', fields.emails.length, MAX_EMAILS),
    listIssue('categories', fields.categories.length, MAX_CATEGORIES),
  ])
    if (issue) issues.push(issue);
  return { fields, issues };
}

/** Whether the customer can be told apart at all: a name, a phone or an email. */
export function hasIdentity(fields: Pick<CustomerFields, 'names' | 'phones' | 'emails'>): boolean {
  return fields.names.length + fields.phones.length + fields.emails.length > 0;
}

/**
 * `base` with `extra`'s values added (names, phones, emails, categories unioned, the better
 * potential, the note appended unless already there).
 */
export function unionFields(base: CustomerFields, extra: CustomerFields): CustomerFields {
  return {
    names: unique([...base.names, ...extra.names]),
    phones: unique([...base.phones, ...extra.phones], (p) => p),
    emails: unique([...base.emails, ...extra.emails], (e) => e),
    categories: unique([...base.categories, ...extra.categories]),
    potential: higherPotential(base.potential, extra.potential),
    note: appendNote(base.note, extra.note),
  };
}

export function sameFields(a: CustomerFields, b: CustomerFields): boolean {
  const sameList = (x: string[], y: string[]) =>
    x.length === y.length && x.every((v, i) => v === y[i]);
  return (
    sameList(a.names, b.names) &&
    sameList(a.phones, b.phones) &&
    sameList(a.emails, b.emails) &&
    sameList(a.categories, b.categories) &&
    a.potential === b.potential &&
    a.note === b.note
  );
}
