// Generated customers, built by the customers feature itself (prepareCustomer: search, sort and
// category keys; customerKeys documents), as the API would have stored them.
import { Timestamp } from 'firebase-admin/firestore';
import { DEFAULT_CATEGORIES, POTENTIALS } from '../../../functions/src/contract/customers.ts';
import {
  CUSTOMER_KEYS,
  CUSTOMERS,
  keyDoc,
  prepareCustomer,
  type CustomerCopy,
} from '../../../functions/src/app/seeding.ts';
import { email, mobile, person, type Person } from './people.ts';
import { autoId, type Random } from './random.ts';
import type { WriteDocument } from './rest-json.ts';

export const DAY_MS = 86_400_000;
/** Generated data spans the last 18 months. */
export const SPAN_MS = 548 * DAY_MS;

const POTENTIAL_SHARE: [string, number][] = [
  [POTENTIALS[0], 3],
  [POTENTIALS[1], 12],
  [POTENTIALS[2], 28],
  [POTENTIALS[3], 35],
  [POTENTIALS[4], 12],
  [POTENTIALS[5], 10],
];
const CATEGORY_SHARE: [string, number][] = DEFAULT_CATEGORIES.map((c, i) => [
  c,
  [25, 14, 16, 10, 15, 5, 15][i],
]);
const NOTES = [
  'Met at the Pune dairy expo',
  'Referred by an existing customer',
  'Asked for a plant visit next quarter',
  'Prefers WhatsApp over calls',
  'Budget approval pending with the owner',
];

/** What an entry needs of its customer. */
export interface GeneratedCustomer {
  id: string;
  createdMs: number;
  copy: CustomerCopy;
}

/**
 * Customer `i` of `total` (created in order over the span, more of them lately): its stored
 * document and its keys, written to `out`. `earlier` lends phones, emails and names to the
 * duplicates (about 1 in 40 customers), which is what the dedupe screen has to find.
 */
export function generateCustomer(
  rnd: Random,
  i: number,
  total: number,
  nowMs: number,
  earlier: readonly GeneratedCustomer[],
  counters: { phones: number; emails: number },
  out: WriteDocument,
): GeneratedCustomer {
  const p: Person = person(rnd);
  const isBusiness = rnd.chance(0.3);
  const names = isBusiness
    ? [p.business, ...(rnd.chance(0.6) ? [`${p.first} ${p.last}`] : [])]
    : [`${p.first} ${p.last}`];
  const phoneCount = rnd.weighted([
    [0, 4],
    [1, 71],
    [2, 20],
    [3, 5],
  ] as const);
  const phones = Array.from({ length: phoneCount }, () => mobile(counters.phones++));
  const emailCount = rnd.weighted([
    [0, 30],
    [1, 60],
    [2, 10],
  ] as const);
  const emails = Array.from({ length: emailCount }, (_, k) =>
    email(rnd, p, counters.emails++, isBusiness && k === 0),
  );
  if (phones.length === 0 && emails.length === 0) phones.push(mobile(counters.phones++));

  // Duplicates: a twin saved with "add anyway" shares a phone or an email (whose key stays with
  // the first owner); a namesake shares the name only.
  const twinOf = earlier.length > 0 && rnd.chance(0.025) ? rnd.pick(earlier) : undefined;
  if (twinOf) {
    const kind = rnd.int(3);
    if (kind === 0 && twinOf.copy.phones[0]) phones.unshift(twinOf.copy.phones[0]);
    else if (kind === 1 && twinOf.copy.emails[0]) emails.unshift(twinOf.copy.emails[0]);
    else names.splice(0, names.length, twinOf.copy.names[0] ?? names[0]);
  }

  const categoryCount = rnd.weighted([
    [1, 70],
    [2, 25],
    [3, 5],
  ] as const);
  const categories = Array.from({ length: categoryCount }, () => rnd.weighted(CATEGORY_SHARE));
  const createdMs = Math.round(nowMs - SPAN_MS + SPAN_MS * Math.sqrt((i + rnd.next()) / total));
  const createdAt = Timestamp.fromMillis(createdMs);
  const { record, keys } = prepareCustomer(
    {
      names,
      phones,
      emails,
      categories: [...new Set(categories)],
      potential: rnd.weighted(POTENTIAL_SHARE),
      note: rnd.chance(0.2) ? rnd.pick(NOTES) : '',
    },
    { createdAt, updatedAt: createdAt },
  );
  const id = autoId(rnd);
  out(`${CUSTOMERS}/${id}`, record, createdAt);
  const taken = new Set([...(twinOf?.copy.phones ?? []), ...(twinOf?.copy.emails ?? [])]);
  for (const key of keys)
    if (!taken.has(key.value)) out(`${CUSTOMER_KEYS}/${key.id}`, keyDoc(key, id), createdAt);
  const { names: n, phones: ph, emails: em, categories: cat, potential } = record;
  return { id, createdMs, copy: { names: n, phones: ph, emails: em, categories: cat, potential } };
}
