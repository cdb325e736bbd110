// Reading customer lists: pages with a cursor and a total, the plain newest-first array, and
// every match in order for the export. Reads are bounded by the page size, except where a
// filter is checked on the returned documents (see list-plan.ts), which reads at most
// RESIDUAL_SCAN_MAX documents per request, and the last-contacted and tag filters, which read
// the customers they name (at most NAMED_MAX: named-filters.ts).
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { allCustomers } from '../../domain/customers/store';
import { EXPORT_PAGE_SIZE, PLAIN_LIST_LIMIT } from '../../domain/customers/constants';
import {
  comparePositions,
  decodeCursor,
  encodeCursor,
  filterQuery,
  listPlans,
  orderedQuery,
  positionOf,
  startAfterArgs,
  type ListFilters,
  type ListOrder,
  type ListPlan,
} from './list-plan';
import type { CustomerPage } from '../../contract/answers';
import { CUSTOMER_VIEW_FIELDS, toCustomer, type Customer } from '../../domain/customers/record';
import { scanForMatches } from '../../residual-scan';
import { hasNamedFilter, namedMatches } from './named-filters';
import { storedTotals } from '../dashboard';

/** The most documents one request reads to check a filter the query could not apply. */
export const RESIDUAL_SCAN_MAX = 1_000;

async function count(plan: ListPlan): Promise<number> {
  const snapshot = await filterQuery(allCustomers(), plan).count().get();
  return snapshot.data().count;
}

/**
 * How many customers the plan matches. Unfiltered, the dashboard's total, kept exact in every
 * write's transaction: one read instead of a count's one per 1,000 customers.
 */
async function total(plan: ListPlan): Promise<number> {
  const unfiltered = !plan.array && !plan.potential && !plan.range && !plan.residual;
  const summary = unfiltered ? await storedTotals() : null;
  return summary ? summary.totalCustomers : count(plan);
}

/** The plan to run and how many documents its query matches. */
async function choosePlan(
  filters: ListFilters,
  order: ListOrder,
): Promise<{ plan: ListPlan; candidates: number }> {
  const plans = listPlans(filters, order);
  if (plans[0].empty) return { plan: plans[0], candidates: 0 };
  if (plans.length === 1) return { plan: plans[0], candidates: -1 };
  const counts = await Promise.all(plans.map((p) => count(p)));
  const best = counts[0] <= counts[1] ? 0 : 1;
  return { plan: plans[best], candidates: counts[best] };
}

/** What a page reads of each customer: what the answer shows and what its cursor needs. */
const viewFields = (plan: ListPlan) => [...new Set([...CUSTOMER_VIEW_FIELDS, ...plan.orderFields])];

const cursorOf = (plan: ListPlan, doc: QueryDocumentSnapshot) =>
  encodeCursor(plan, positionOf(plan, doc.id, doc.data()));

/** The page after `after` of every match, in the plan's order; the total is exact. */
function pageOfMatches(
  plan: ListPlan,
  matched: QueryDocumentSnapshot[],
  limit: number,
  after: ReturnType<typeof decodeCursor> | undefined,
): CustomerPage {
  let start = 0;
  if (after) {
    start = matched.findIndex(
      (d) => comparePositions(plan, positionOf(plan, d.id, d.data()), after) > 0,
    );
    if (start === -1) start = matched.length;
  }
  const docs = matched.slice(start, start + limit);
  const more = start + limit < matched.length;
  return {
    items: docs.map((d) => toCustomer(d.id, d.data())),
    nextCursor: more ? cursorOf(plan, docs[docs.length - 1]) : null,
    total: matched.length,
  };
}

export async function listPage(
  filters: ListFilters,
  order: ListOrder,
  limit: number,
  cursor?: string,
): Promise<CustomerPage> {
  if (hasNamedFilter(filters)) {
    const { plan, docs } = await namedMatches(filters, order, CUSTOMER_VIEW_FIELDS);
    return pageOfMatches(plan, docs, limit, cursor ? decodeCursor(plan, cursor) : undefined);
  }
  const chosen = await choosePlan(filters, order);
  const { plan } = chosen;
  if (plan.empty) return { items: [], nextCursor: null, total: 0 };
  const after = cursor ? decodeCursor(plan, cursor) : undefined;
  const toItems = (docs: QueryDocumentSnapshot[]) => docs.map((d) => toCustomer(d.id, d.data()));

  if (!plan.residual) {
    let query = orderedQuery(allCustomers(), plan).select(...viewFields(plan));
    if (after) query = query.startAfter(...startAfterArgs(after));
    const [snapshot, matches] = await Promise.all([query.limit(limit + 1).get(), total(plan)]);
    const docs = snapshot.docs.slice(0, limit);
    const more = snapshot.size > limit;
    return {
      items: toItems(docs),
      nextCursor: more ? cursorOf(plan, docs[docs.length - 1]) : null,
      total: matches,
    };
  }

  const candidates = chosen.candidates >= 0 ? chosen.candidates : await count(plan);
  if (candidates <= RESIDUAL_SCAN_MAX) {
    // Few candidates: check them all, which also gives the exact total.
    const snapshot = await orderedQuery(allCustomers(), plan).limit(RESIDUAL_SCAN_MAX).get();
    const matched = snapshot.docs.filter((d) => plan.residual?.(d.data()));
    return pageOfMatches(plan, matched, limit, after);
  }

  // Many candidates: check them in order from the cursor, up to RESIDUAL_SCAN_MAX per page.
  // The page may come back short with a cursor to go on from; the total is an upper bound.
  const { found, last, exhausted } = await scanForMatches(
    (lastRead) => {
      const from = lastRead ? positionOf(plan, lastRead.id, lastRead.data()) : after;
      const query = orderedQuery(allCustomers(), plan);
      return from ? query.startAfter(...startAfterArgs(from)) : query;
    },
    plan.residual,
    limit,
    RESIDUAL_SCAN_MAX,
  );
  const docs = found.slice(0, limit);
  let nextCursor: string | null = null;
  if (found.length > limit) nextCursor = cursorOf(plan, docs[docs.length - 1]);
  else if (!exhausted && last) nextCursor = cursorOf(plan, last);
  return { items: toItems(docs), nextCursor, total: candidates, totalIsEstimate: true };
}

/** GET /customers without parameters: the newest PLAIN_LIST_LIMIT customers. */
export async function plainList(): Promise<Customer[]> {
  const snapshot = await allCustomers()
    .orderBy('createdAt', 'desc')
    .select(...CUSTOMER_VIEW_FIELDS)
    .limit(PLAIN_LIST_LIMIT)
    .get();
  return snapshot.docs.map((d) => toCustomer(d.id, d.data()));
}

/**
 * The matching customers' documents in the list's order, a page of EXPORT_PAGE_SIZE at a time
 * (fewer where a filter checked on the documents drops some), so a caller streaming them out
 * never holds more than two pages: the next page is read while the caller writes this one out.
 * With `fields`, only those (and the order's) are read, unless a filter is checked on the
 * documents (then they are read whole): a customer's search keys are most of its bytes, and an
 * export needs none of them.
 */
export async function* matchingCustomerPages(
  filters: ListFilters,
  order: ListOrder,
  fields?: readonly string[],
): AsyncGenerator<QueryDocumentSnapshot[]> {
  if (hasNamedFilter(filters)) {
    // Without `fields`, what the list shows of each (an export always names its columns).
    const { docs } = await namedMatches(filters, order, fields ?? CUSTOMER_VIEW_FIELDS);
    for (let i = 0; i < docs.length; i += EXPORT_PAGE_SIZE)
      yield docs.slice(i, i + EXPORT_PAGE_SIZE);
    return;
  }
  const { plan } = await choosePlan(filters, order);
  if (plan.empty) return;
  const selected =
    fields && !plan.residual ? [...new Set([...fields, ...plan.orderFields])] : undefined;
  const pageAfter = (last?: QueryDocumentSnapshot) => {
    let query = orderedQuery(allCustomers(), plan);
    if (selected) query = query.select(...selected);
    if (last) query = query.startAfter(...startAfterArgs(positionOf(plan, last.id, last.data())));
    const limited = query.limit(EXPORT_PAGE_SIZE);
    const page = limited.get();
    // Awaited below, unless the caller stops first: its failure must not go unhandled then.
    page.catch(() => undefined);
    return page;
  };
  let next = pageAfter();
  for (;;) {
    const snapshot = await next;
    const more = snapshot.size === EXPORT_PAGE_SIZE;
    if (more) next = pageAfter(snapshot.docs[snapshot.docs.length - 1]);
    yield plan.residual ? snapshot.docs.filter((doc) => plan.residual!(doc.data())) : snapshot.docs;
    if (!more) return;
  }
}
