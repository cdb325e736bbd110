// Normalised search keys kept on each entry (`searchKeys`), so that every text filter of the
// Entries page is one indexed array query (Firestore has no full-text search). Each key names
// its kind, so a name filter never matches a phone:
// - 'n:' name prefixes from each word on, from the entry's copy of the customer ('n:ravi s');
// - 'p:' phone digit runs (3 or more digits of the national number, the number with a trunk
//   '0', prefixes of the number with its calling code);
// - 'e:' email prefixes;
// - 'd:' description word prefixes ('d:pump' for 'pumps');
// - 't:' tags, whole and lowercased;
// - 'm:' the assigned employee's name prefixes and email prefixes.
import { phoneParts } from '../customers/normalize';
import {
  EMAIL_KEY_MAX,
  emailQuery,
  looksLikePhone,
  nameKeys,
  nameQuery,
  phoneKeys,
  phoneQuery,
  prefixes,
  searchText,
} from '../../search/text-keys';

export const MAX_ENTRY_KEYS = 800;
const WORD_KEY_MAX = 20;
const MAX_DESCRIPTION_WORDS = 150;

export type KeyKind = 'n' | 'p' | 'e' | 'd' | 't' | 'm';

function descriptionWords(description: string): string[] {
  return [...new Set(searchText(description).split(' ').filter(Boolean))].slice(
    0,
    MAX_DESCRIPTION_WORDS,
  );
}

export interface KeySource {
  customer: { names: string[]; phones: string[]; emails: string[] };
  description: string;
  tags: string[];
  employee?: { name: string; email: string } | null;
}

/**
 * The entry's keys, at most MAX_ENTRY_KEYS: the customer's first name, phone and email, the
 * tags and the employee first, then the rest, then the description words.
 */
export function entrySearchKeys(source: KeySource): string[] {
  const keys = new Set<string>();
  const add = (kind: KeyKind, list: string[]) => {
    for (const key of list) {
      if (keys.size >= MAX_ENTRY_KEYS) return;
      keys.add(`${kind}:${key}`);
    }
  };
  const { names, phones, emails } = source.customer;
  add('t', source.tags.map(tagKey).filter(Boolean));
  if (source.employee) {
    add('m', nameKeys(source.employee.name));
    add('m', prefixes(source.employee.email.toLowerCase(), EMAIL_KEY_MAX));
  }
  const rounds = Math.max(names.length, phones.length, emails.length);
  for (let i = 0; i < rounds; i++) {
    if (i < names.length) add('n', nameKeys(names[i]));
    if (i < phones.length) add('p', phoneKeys(phoneParts(phones[i])));
    if (i < emails.length) add('e', prefixes(emails[i].toLowerCase(), EMAIL_KEY_MAX));
  }
  for (const word of descriptionWords(source.description)) add('d', prefixes(word, WORD_KEY_MAX));
  return [...keys];
}

export function tagKey(tag: string): string {
  return tag.trim().toLowerCase().slice(0, 60);
}

/** Keys one filter value looks for (any of them matches); empty when the value says nothing. */
export function nameTokens(value: string): string[] {
  const words = nameQuery(value);
  return words ? [`n:${words}`] : [];
}

export function phoneTokens(value: string): string[] {
  const digits = phoneQuery(value);
  return digits ? [`p:${digits}`] : [];
}

export function emailTokens(value: string): string[] {
  const email = emailQuery(value);
  return email ? [`e:${email}`] : [];
}

export function tagTokens(value: string): string[] {
  const tag = tagKey(value);
  return tag ? [`t:${tag}`] : [];
}

export function employeeTokens(value: string): string[] {
  const words = nameQuery(value);
  const email = value.trim().toLowerCase().slice(0, EMAIL_KEY_MAX);
  return [...new Set([...(words ? [`m:${words}`] : []), ...(email ? [`m:${email}`] : [])])];
}

/**
 * The free-text search: matches a customer name, phone or email, or description words. The
 * index query takes any of `any`; an entry matches when it holds one of `whole`, or every key
 * of `allWords` (each word of a several-word text, as description prefixes).
 */
export interface TextQuery {
  any: string[];
  whole: string[];
  allWords: string[];
}

export function textQuery(q: string): TextQuery | undefined {
  const whole = [...nameTokens(q), ...emailTokens(q), ...(looksLikePhone(q) ? phoneTokens(q) : [])];
  const words = searchText(q)
    .split(' ')
    .filter(Boolean)
    .map((w) => `d:${w.slice(0, WORD_KEY_MAX)}`);
  const allWords = [...new Set(words)];
  if (whole.length === 0 && allWords.length === 0) return undefined;
  // The index query looks for the longest word: the fewest candidates.
  const longest = [...allWords].sort((a, b) => b.length - a.length)[0];
  const any = [...new Set([...whole, ...(longest ? [longest] : [])])];
  return { any, whole: [...new Set(whole)], allWords };
}

/** Whether the stored keys satisfy the text query. */
export function matchesText(keys: readonly string[], query: TextQuery): boolean {
  const has = new Set(keys);
  return (
    query.whole.some((k) => has.has(k)) ||
    (query.allWords.length > 0 && query.allWords.every((k) => has.has(k)))
  );
}
