// Normalised search keys kept on each customer, so that search runs as one indexed
// `array-contains-any` query (Firestore has no full-text search):
// - names: prefixes, 1 character up, of the name from each word on ('ravi sharma' gives 'r',
//   'ra', …, 'ravi s', …, and 's', 'sh', … 'sharma'), so any word or run of words matches;
// - emails: prefixes of the address, 1 character up;
// - phones: every run of 3 or more digits of the national number (last digits, middle runs),
//   the national number with a trunk '0', and prefixes of the number with its calling code.
// Categories get keys of their own: each set of up to 3 of the customer's categories, so that
// "all selected categories" is one `array-contains`; each of those again behind the owner's key,
// and the owner's key alone, so that "this owner's (or no owner's) customers in these
// categories" is one `array-contains` on the same indexes.
import type { CustomerFields } from './normalize';
import { phoneParts } from './normalize';
import {
  EMAIL_KEY_MAX,
  emailQuery,
  looksLikePhone,
  nameKeys,
  nameQuery,
  phoneKeys,
  phoneQuery,
  prefixes,
} from '../../search/text-keys';

export { searchText } from '../../search/text-keys';

export const MAX_SEARCH_KEYS = 400;
/** Category sets up to this size have a key; a filter on more categories checks the rest. */
export const CATEGORY_KEY_MAX_SET = 3;

/**
 * The customer's search keys, at most MAX_SEARCH_KEYS: the first name, phone and email
 * first, so the values shown on a card always stay searchable.
 */
export function searchKeys(fields: Pick<CustomerFields, 'names' | 'phones' | 'emails'>): string[] {
  const keys = new Set<string>();
  const rounds = Math.max(fields.names.length, fields.phones.length, fields.emails.length);
  const add = (list: string[]) => {
    for (const key of list) {
      if (keys.size >= MAX_SEARCH_KEYS) return;
      keys.add(key);
    }
  };
  for (let i = 0; i < rounds && keys.size < MAX_SEARCH_KEYS; i++) {
    if (i < fields.names.length) add(nameKeys(fields.names[i]));
    if (i < fields.phones.length) add(phoneKeys(phoneParts(fields.phones[i])));
    if (i < fields.emails.length) add(prefixes(fields.emails[i], EMAIL_KEY_MAX));
  }
  return [...keys];
}

/**
 * What a search text looks for (any of them matches): its words as in names, the text as an
 * email prefix, and its digits when it looks like a phone. Empty when nothing can match.
 */
export function queryTokens(q: string): string[] {
  const tokens = new Set<string>();
  const words = nameQuery(q);
  if (words) tokens.add(words);
  const email = emailQuery(q);
  if (email) tokens.add(email);
  const digits = looksLikePhone(q) ? phoneQuery(q) : '';
  if (digits) tokens.add(digits);
  return [...tokens];
}

/** The key of a set of categories: lowercased, sorted, joined by a unit separator. */
export function categorySetKey(categories: readonly string[]): string {
  return [...new Set(categories.map((c) => c.toLowerCase()))].sort().join('\u001f');
}

/** The owner's part of a filter key: an employee id, or '' for no owner. */
const ownerPart = (ownerId: string) => `owner\u001e${ownerId}`;

/**
 * The key an `array-contains` on `categoryKeys` looks for: these categories (a set key, '' for
 * none) of this owner's customers (undefined: anyone's; '': no owner's).
 */
export function filterKey(categorySet: string, ownerId: string | undefined): string {
  if (ownerId === undefined) return categorySet;
  return categorySet ? `${ownerPart(ownerId)}\u001e${categorySet}` : ownerPart(ownerId);
}

/**
 * A key for every set of 1 to CATEGORY_KEY_MAX_SET of the customer's categories, and each of
 * them with the owner's key before it (`ownerId` '' for no owner), and the owner's key alone.
 */
export function categoryKeys(categories: readonly string[], ownerId: string): string[] {
  const sets = categorySets(categories);
  return [...sets, filterKey('', ownerId), ...sets.map((set) => filterKey(set, ownerId))];
}

function categorySets(categories: readonly string[]): string[] {
  const all = [...new Set(categories.map((c) => c.toLowerCase()))].sort();
  const keys: string[] = [];
  const walk = (from: number, chosen: string[]) => {
    if (chosen.length > 0) keys.push(chosen.join('\u001f'));
    if (chosen.length === CATEGORY_KEY_MAX_SET) return;
    for (let i = from; i < all.length; i++) walk(i + 1, [...chosen, all[i]]);
  };
  walk(0, []);
  return keys;
}

/** Whether `categories` holds every one of `wanted` (case-insensitive). */
export function hasAllCategories(
  categories: readonly string[],
  wanted: readonly string[],
): boolean {
  const have = new Set(categories.map((c) => c.toLowerCase()));
  return wanted.every((w) => have.has(w.toLowerCase()));
}
