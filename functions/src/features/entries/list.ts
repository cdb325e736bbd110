// Reading entry lists: pages with a cursor, a total and the confirmed count; the plain
// newest-first array (GET /entries without parameters); the pending entries for Approvals.
import type { EntryPage, PendingEntry, PendingSend } from '../../contract/answers';
import type { DocumentData, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { allEntries } from '../../domain/entries/store';
import {
  PENDING_LIST_LIMIT,
  PLAIN_LIST_LIMIT,
  RESIDUAL_SCAN_MAX,
} from '../../domain/entries/constants';
import {
  decodeCursor,
  encodeCursor,
  entryPlan,
  filteredQuery,
  orderedQuery,
  positionOf,
  type EntryFilters,
  type EntryPlan,
} from './list-plan';
import type { EmailSendOutcome } from '../../contract/entries';
import { customerCopy, ENTRY_VIEW_FIELDS, toEntry, type Entry } from '../../domain/entries/record';
import { scanForMatches } from '../../residual-scan';
import { storedTotals } from '../dashboard';

async function count(plan: EntryPlan): Promise<number> {
  const snapshot = await filteredQuery(allEntries(), plan).count().get();
  return snapshot.data().count;
}

async function confirmedCount(plan: EntryPlan, total: Promise<number>) {
  const status = plan.equals.find((e) => e.field === 'status');
  if (status) return status.value === 'confirmed' ? total : 0;
  return count({ ...plan, equals: [...plan.equals, { field: 'status', value: 'confirmed' }] });
}

const unfiltered = (plan: EntryPlan) =>
  plan.equals.length === 0 && !plan.range && !plan.array && !plan.residual;

/**
 * The counts of the plan's matches. Unfiltered, they are the dashboard's totals, kept exact in
 * every write's transaction: one read instead of a count's one per 1,000 entries.
 */
async function countsOf(plan: EntryPlan) {
  const summary = unfiltered(plan) ? await storedTotals() : null;
  if (summary) return { total: summary.totalEntries, confirmed: summary.confirmedOrders };
  const total = count(plan);
  const [all, confirmed] = await Promise.all([total, confirmedCount(plan, total)]);
  return { total: all, confirmed };
}

const toItems = (docs: QueryDocumentSnapshot[]) => docs.map((d) => toEntry(d.id, d.data()));
const cursorOf = (doc: QueryDocumentSnapshot) => encodeCursor(positionOf(doc.id, doc.data()));

export async function listPage(
  filters: EntryFilters,
  limit: number,
  cursor?: string,
): Promise<EntryPage> {
  const plan = entryPlan(filters);
  if (plan.empty) return { items: [], nextCursor: null, total: 0, confirmed: 0 };
  const after = cursor ? decodeCursor(cursor) : undefined;
  let query = orderedQuery(allEntries(), plan);
  if (after) query = query.startAfter(after.createdAt, after.id);
  const counts = countsOf(plan);
  // Settled here: a page that fails first must not leave the counts' failure unhandled.
  counts.catch(() => undefined);

  if (!plan.residual) {
    const [snapshot, { total, confirmed }] = await Promise.all([
      query
        .select(...ENTRY_VIEW_FIELDS)
        .limit(limit + 1)
        .get(),
      counts,
    ]);
    const docs = snapshot.docs.slice(0, limit);
    return {
      items: toItems(docs),
      nextCursor: snapshot.size > limit ? cursorOf(docs[docs.length - 1]) : null,
      total,
      confirmed,
    };
  }

  // A filter checked on the documents: read in order from the cursor, at most
  // RESIDUAL_SCAN_MAX documents. The page may come back short with a cursor to go on from; the
  // counts are those of the index query, upper bounds.
  const { found, last, exhausted } = await scanForMatches(
    (lastRead) =>
      lastRead
        ? orderedQuery(allEntries(), plan).startAfter(lastRead.get('createdAt'), lastRead.id)
        : query,
    plan.residual,
    limit,
    RESIDUAL_SCAN_MAX,
  );
  const docs = found.slice(0, limit);
  let nextCursor: string | null = null;
  if (found.length > limit) nextCursor = cursorOf(docs[docs.length - 1]);
  else if (!exhausted && last) nextCursor = cursorOf(last);
  const { total, confirmed } = await counts;
  if (exhausted && !after) {
    // Everything was checked: the counts are exact.
    const matched = docs.length;
    return {
      items: toItems(docs),
      nextCursor,
      total: matched,
      confirmed: docs.filter((d) => d.get('status') === 'confirmed').length,
    };
  }
  return { items: toItems(docs), nextCursor, total, confirmed, totalIsEstimate: true };
}

/** GET /entries without parameters: the newest PLAIN_LIST_LIMIT entries. */
export async function plainList(): Promise<Entry[]> {
  const snapshot = await allEntries().orderBy('createdAt', 'desc').limit(PLAIN_LIST_LIMIT).get();
  return toItems(snapshot.docs);
}

const SOURCE_LABELS: Record<string, string> = {
  whatsapp: 'WhatsApp',
  email: 'Email',
  multiple: 'WhatsApp, Email',
  manual: 'Manual',
  other: 'Other',
};

/** Where a pending entry came from, as the Approvals tab shows it. */
export function sourceLabel(data: DocumentData): string {
  const source = typeof data.source === 'string' ? data.source : 'employee';
  if (source === 'whatsapp') return 'WhatsApp';
  if (source === 'email') return 'Email';
  const channel = typeof data.channel === 'string' ? data.channel : 'manual';
  const by = typeof data.createdByName === 'string' && data.createdByName;
  const label = SOURCE_LABELS[channel] ?? channel;
  return by ? `${label} (by ${by})` : label;
}

function sentOf(entry: Entry): PendingSend[] {
  const sends: PendingSend[] = [];
  for (const channel of ['whatsapp', 'email'] as const) {
    const send: EmailSendOutcome | undefined = entry.dispatch?.[channel];
    if (!send?.status) continue;
    sends.push({
      channel,
      to: send.to ?? [],
      status: send.status,
      text: send.preview || send.text || send.subject || '',
    });
  }
  return sends;
}

/** GET /admin/entries/pending: the newest PENDING_LIST_LIMIT pending entries. */
export async function pendingList(): Promise<PendingEntry[]> {
  const snapshot = await allEntries()
    .where('status', '==', 'pending')
    .orderBy('createdAt', 'desc')
    .limit(PENDING_LIST_LIMIT)
    .get();
  return snapshot.docs.map((doc) => {
    const data = doc.data();
    const entry = toEntry(doc.id, data);
    return {
      _id: doc.id,
      customer: { names: customerCopy(data.customer).names },
      description: entry.description,
      source: sourceLabel(data),
      createdAt: entry.createdAt,
      createdByName: entry.createdByName,
      amount: entry.amount,
      currency: entry.currency,
      owner: entry.employee?.name || entry.employee?.email || entry.createdByName,
      sent: sentOf(entry),
    };
  });
}
