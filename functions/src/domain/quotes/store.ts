// Quotations (`quotes`) and their number series (`quoteCounters`, one document per prefix and
// financial year): the collections' one owner. A number is taken in the transaction that stores
// its quote, so numbers run without a gap or a repeat however many are created at once, and a
// refused quote takes none.
import {
  FieldPath,
  Timestamp,
  type DocumentData,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';

export const QUOTES = 'quotes';
const QUOTE_COUNTERS = 'quoteCounters';
export const QUOTE_NOT_FOUND = 'Quote not found';

export const quoteRef = (id: string) => getDb().collection(QUOTES).doc(id);
export const newQuoteRef = () => getDb().collection(QUOTES).doc();

/** The quote as stored; 404 when there is none. */
export async function requireQuoteData(id: string): Promise<DocumentData> {
  const data = (await quoteRef(id).get()).data();
  if (!data) throw new HttpError(404, QUOTE_NOT_FOUND);
  return data;
}

/** In `tx`, the quote as stored; 404 when there is none. */
export async function requireQuoteIn(tx: Transaction, id: string): Promise<DocumentData> {
  const data = (await tx.get(quoteRef(id))).data();
  if (!data) throw new HttpError(404, QUOTE_NOT_FOUND);
  return data;
}

/**
 * In `tx`, the next `count` numbers of a series ('Q_2026-27'), written back as taken: answers the
 * first. It reads, so call it after the transaction's other reads and before its other writes.
 */
export async function takeQuoteSequences(
  tx: Transaction,
  series: string,
  count: number,
): Promise<number> {
  const ref = getDb().collection(QUOTE_COUNTERS).doc(series);
  const last = (await tx.get(ref)).get('last');
  const first = (typeof last === 'number' ? last : 0) + 1;
  tx.set(ref, { last: first + count - 1, updatedAt: Timestamp.now() });
  return first;
}

export interface QuoteFilters {
  customerId?: string;
  /** Stored statuses ('expired' is worked out from validUntil by the caller). */
  statuses?: string[];
  from?: Date;
  to?: Date;
}

export interface QuoteRow {
  id: string;
  data: DocumentData;
}

/** How many of a customer's newest sent quotes an accepting reply is matched against. */
const REPLY_CANDIDATES = 10;

/** In `tx`, a customer's newest sent quotes (expired and revised ones included). */
export async function newestSentQuotesIn(tx: Transaction, customerId: string): Promise<QuoteRow[]> {
  const query = getDb()
    .collection(QUOTES)
    .where('customerId', '==', customerId)
    .where('status', '==', 'sent')
    .orderBy('createdAt', 'desc')
    .limit(REPLY_CANDIDATES);
  const snap = await tx.get(query);
  return snap.docs.map((d) => ({ id: d.id, data: d.data() }));
}

/** Quotes newest first (ties by id, for a cursor), by customer and stored status, created in [from, to). */
export function quoteListQuery(filters: QuoteFilters): Query {
  let query: Query = getDb().collection(QUOTES);
  if (filters.customerId) query = query.where('customerId', '==', filters.customerId);
  if (filters.statuses) query = query.where('status', 'in', filters.statuses);
  if (filters.from) query = query.where('createdAt', '>=', Timestamp.fromDate(filters.from));
  if (filters.to) query = query.where('createdAt', '<', Timestamp.fromDate(filters.to));
  return query.orderBy('createdAt', 'desc').orderBy(FieldPath.documentId(), 'desc');
}

/**
 * The quote's fields recorded once, whoever records first: where its PDF is stored (`pdfPath`)
 * and the uploaded file (files/{id}) that carries it when sent (`pdfFileId`).
 */
export type ClaimedQuoteField = 'pdfPath' | 'pdfFileId';

/**
 * Records `value` in the quote's `field` unless another call recorded one first; answers the
 * value recorded (this one, or the other's).
 */
export async function claimQuoteField(
  id: string,
  field: ClaimedQuoteField,
  value: string,
): Promise<string> {
  return getDb().runTransaction(async (tx) => {
    const stored = (await tx.get(quoteRef(id))).get(field);
    if (typeof stored === 'string' && stored) return stored;
    tx.update(quoteRef(id), { [field]: value });
    return value;
  });
}
