// Filters the customer document cannot answer, answered by the collections that know:
// - last contacted between days: the conversation summaries (`lastAt`, the newest message to or
//   from the customer, any channel), docs/decisions/last-contacted-filter.md;
// - a tag: the customer's entries (an entry's tags; a customer has none of its own).
// Each names a set of customers; those in every set are read by id (all the batches at once)
// and checked here against the list's other filters, then put in the list's order.
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { customersContactedBetween } from '../../domain/conversations/store';
import { customersByIds } from '../../domain/customers/store';
import { customersWithEntryTag } from '../../domain/entries/store';
import { HttpError } from '../../http/errors';
import {
  comparePositions,
  listPlans,
  matchesPlan,
  planFields,
  positionOf,
  type ListFilters,
  type ListOrder,
  type ListPlan,
} from './list-plan';

/** The most customers contacted in a range, or entries with a tag, one request reads. */
export const NAMED_MAX = 20_000;
const count = NAMED_MAX.toLocaleString('en-IN');

/** Whether the filters name customers through another collection (then `namedMatches`). */
export const hasNamedFilter = (filters: ListFilters): boolean =>
  Boolean(filters.contacted || filters.tag);

/** The customers every named filter names (each set read at once). */
async function namedIds(filters: ListFilters): Promise<string[]> {
  const { contacted, tag } = filters;
  const [byContact, byTag] = await Promise.all([
    contacted && customersContactedBetween(contacted.start, contacted.end, NAMED_MAX),
    tag && customersWithEntryTag(tag, NAMED_MAX),
  ]);
  if (byContact === null)
    throw new HttpError(
      400,
      `contactedFrom: more than ${count} customers were contacted between these days; choose fewer days`,
    );
  if (byTag === null)
    throw new HttpError(400, `tag: more than ${count} entries carry this tag; add another filter`);
  if (byContact && byTag) {
    const tagged = new Set(byTag);
    return byContact.filter((id) => tagged.has(id));
  }
  return byContact || byTag || [];
}

/**
 * The customers `filters` match, the named filters among them, in `order`, each with `fields`
 * (and what the filters and the order read); the plan whose order they follow.
 */
export async function namedMatches(
  filters: ListFilters,
  order: ListOrder,
  fields: readonly string[],
): Promise<{ plan: ListPlan; docs: QueryDocumentSnapshot[] }> {
  // Every plan says all the filters (what its query cannot, its residual does): any will do.
  const plan = listPlans(filters, order)[0];
  if (plan.empty) return { plan, docs: [] };
  const ids = await namedIds(filters);
  const read = await customersByIds(ids, [...new Set([...fields, ...planFields(plan)])]);
  const position = (doc: QueryDocumentSnapshot) => positionOf(plan, doc.id, doc.data());
  const docs = read
    .filter((doc) => matchesPlan(plan, doc.data()))
    .sort((a, b) => comparePositions(plan, position(a), position(b)));
  return { plan, docs };
}
