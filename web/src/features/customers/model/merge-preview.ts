import type { Customer, CustomerInput } from '../api/types';
import { potentialRank } from './constants';
import { unique, uniqueEmails, uniqueNames, uniquePhones } from './split-values';

type Mergeable = Pick<
  Customer,
  'names' | 'phones' | 'emails' | 'categories' | 'potential' | 'note'
>;

/** The highest potential of the list (in the potential list's order); '' when none is set. */
export function highestPotential(values: readonly string[]): string {
  const set = values.map((v) => v.trim()).filter(Boolean);
  if (set.length === 0) return '';
  return set.reduce((best, value) => (potentialRank(value) < potentialRank(best) ? value : best));
}

/**
 * What a merge keeps: the primary's values first, then the others' — names, phones, emails and
 * categories unioned without repeats, the highest potential, and the notes joined.
 */
export function mergePreview(primary: Mergeable, others: readonly Mergeable[]): CustomerInput {
  const all = [primary, ...others];
  return {
    names: uniqueNames(all.flatMap((c) => c.names ?? [])),
    phones: uniquePhones(all.flatMap((c) => c.phones ?? [])),
    emails: uniqueEmails(all.flatMap((c) => c.emails ?? [])),
    categories: unique(all.flatMap((c) => (c.categories ?? []).map((v) => v.trim()))),
    potential: highestPotential(all.map((c) => c.potential ?? '')),
    note: unique(all.map((c) => (c.note ?? '').trim())).join('\n'),
  };
}
