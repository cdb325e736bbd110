// The "last contacted between" filter: customers whose conversation's newest message (to or from
// them, any channel) falls on those days. The customer document does not carry that time; the
// conversation summaries do, indexed by it (docs/decisions/last-contacted-filter.md). So the
// summaries in the range name the customers, who are read by id (all the batches at once) and
// checked here against the list's other filters, then put in the list's order.
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { customersContactedBetween } from '../../domain/conversations/store';
import { customersByIds } from '../../domain/customers/store';
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

/** The most customers a last-contacted range may name: each is read to check the rest. */
export const CONTACTED_MAX = 20_000;

/**
 * The customers `filters` match, `filters.contacted` among them, in `order`, each with `fields`
 * (and what the filters and the order read); the plan whose order they follow.
 */
export async function contactedMatches(
  filters: ListFilters & { contacted: { start: Date; end: Date } },
  order: ListOrder,
  fields: readonly string[],
): Promise<{ plan: ListPlan; docs: QueryDocumentSnapshot[] }> {
  // Every plan says all the filters (what its query cannot, its residual does): any will do.
  const plan = listPlans(filters, order)[0];
  if (plan.empty) return { plan, docs: [] };
  const { start, end } = filters.contacted;
  const ids = await customersContactedBetween(start, end, CONTACTED_MAX);
  if (!ids)
    throw new HttpError(
      400,
      `contactedFrom: more than ${CONTACTED_MAX.toLocaleString('en-IN')} customers were contacted between these dates; choose fewer days`,
    );
  const read = await customersByIds(ids, [...new Set([...fields, ...planFields(plan)])]);
  const position = (doc: QueryDocumentSnapshot) => positionOf(plan, doc.id, doc.data());
  const docs = read
    .filter((doc) => matchesPlan(plan, doc.data()))
    .sort((a, b) => comparePositions(plan, position(a), position(b)));
  return { plan, docs };
}
