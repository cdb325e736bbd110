// The building blocks of the normalised search keys kept on customers and entries, and of the
// tokens a search text looks for (Firestore has no full-text search, so a search is one indexed
// array query on these keys). Both sides must cut and fold text the same way, so they live here
// together; customers and entries decide which keys they store and how they tag them.

/** Name keys hold at most this many characters (a longer search is cut to match). */
export const NAME_KEY_MAX = 40;
/** Email keys hold at most this many characters. */
export const EMAIL_KEY_MAX = 60;
/** Phone keys are runs of at least this many digits. */
export const MIN_DIGITS = 3;
/** E.164 numbers have at most 15 digits. */
const MAX_PHONE_DIGITS = 15;

/** Lowercased letters, marks and digits; everything else is a word break. */
export function searchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/** The prefixes of `text`, 1 character up to `max`. */
export function prefixes(text: string, max: number): string[] {
  const keys: string[] = [];
  for (let end = 1; end <= Math.min(text.length, max); end++) keys.push(text.slice(0, end));
  return keys;
}

/**
 * Prefixes, 1 character up, of the name from each word on ('ravi sharma' gives 'r', 'ra', …,
 * 'ravi s', …, and 's', 'sh', … 'sharma'), so any word or run of words matches.
 */
export function nameKeys(name: string): string[] {
  const text = searchText(name);
  const keys: string[] = [];
  for (let start = 0; start < text.length; start++) {
    if (start > 0 && text[start - 1] !== ' ') continue;
    const rest = text.slice(start, start + NAME_KEY_MAX);
    for (let end = 1; end <= rest.length; end++)
      if (rest[end - 1] !== ' ') keys.push(rest.slice(0, end));
  }
  return keys;
}

/**
 * Every run of MIN_DIGITS or more digits of the national number (last digits, middle runs),
 * the national number with a trunk '0', and prefixes of the number with its calling code.
 */
export function phoneKeys(phone: { nationalNumber: string; callingCode: string }): string[] {
  const { nationalNumber, callingCode } = phone;
  const keys: string[] = [];
  for (let length = MIN_DIGITS; length <= nationalNumber.length; length++)
    for (let start = 0; start + length <= nationalNumber.length; start++)
      keys.push(nationalNumber.slice(start, start + length));
  keys.push(`0${nationalNumber}`);
  const full = `${callingCode}${nationalNumber}`;
  for (let end = MIN_DIGITS; end <= full.length; end++) keys.push(full.slice(0, end));
  return keys;
}

/** What a search text looks for among name keys; empty when it has no letters or digits. */
export function nameQuery(text: string): string {
  return searchText(text).slice(0, NAME_KEY_MAX).trimEnd();
}

/** What a search text looks for among email keys: lowercased, without white space. */
export function emailQuery(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '').slice(0, EMAIL_KEY_MAX);
}

/** Whether a search text is written like a phone number (digits, '+', spaces, '()', '.', '-'). */
export function looksLikePhone(text: string): boolean {
  return /^[+\d\s().-]+$/.test(text.trim());
}

/** What a search text looks for among phone keys: its digits; empty when too few to match. */
export function phoneQuery(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, MAX_PHONE_DIGITS);
  return digits.length >= MIN_DIGITS ? digits : '';
}
