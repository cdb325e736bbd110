// GET /quotes: pages newest first with a cursor, filtered by customer, status and the quote's
// date (from/to, days in the company's time zone). A stored status the query applies; the
// shown one (a draft or sent quote past its validity is expired) is checked on the documents.
import type { DocumentData } from 'firebase-admin/firestore';
import type { QuotePage, QuoteStatus } from '../../contract/quotes';
import { getConfig } from '../../config';
import { startOfDay } from '../../company-days';
import { cursorAfter, startingAfter } from '../../http/page-cursor';
import { scanForMatches } from '../../residual-scan';
import { quoteListQuery } from '../../domain/quotes/store';
import { companyToday } from '../../domain/figures/days';
import { statusOf, toQuoteSummary } from './view';

/** Stored statuses a shown status may come from ('expired' is a draft or sent one, past date). */
const STORED: Record<QuoteStatus, string[]> = {
  draft: ['draft'],
  sent: ['sent'],
  accepted: ['accepted'],
  declined: ['declined'],
  expired: ['draft', 'sent'],
};

/** The most quotes one page reads to find its matches of a shown status. */
const SCAN_MAX = 2_000;

export interface QuoteListRequest {
  customerId?: string;
  status?: QuoteStatus;
  from?: string;
  to?: string;
  limit: number;
  cursor?: string;
}

export async function listQuotes(request: QuoteListRequest): Promise<QuotePage> {
  const { timeZone } = getConfig();
  const today = companyToday();
  const { status, limit } = request;
  const ordered = () =>
    quoteListQuery({
      customerId: request.customerId,
      statuses: status ? STORED[status] : undefined,
      from: request.from ? startOfDay(request.from, timeZone) : undefined,
      to: request.to ? startOfDay(request.to, timeZone, 1) : undefined,
    });
  const first = startingAfter(ordered(), request.cursor);
  const matches = (data: DocumentData) => !status || statusOf(data, today) === status;
  const { found, last, exhausted } = await scanForMatches(
    (lastRead) => (lastRead ? ordered().startAfter(lastRead) : first),
    matches,
    limit,
    SCAN_MAX,
  );
  const docs = found.slice(0, limit);
  let nextCursor: string | null = null;
  // More matches, or a scan stopped short: the next page goes on after what was read.
  if (found.length > limit) nextCursor = cursorAfter(docs[docs.length - 1], 'createdAt');
  else if (!exhausted && last) nextCursor = cursorAfter(last, 'createdAt');
  return { items: docs.map((d) => toQuoteSummary(d.id, d.data(), today)), nextCursor };
}
