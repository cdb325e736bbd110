// A customer's WhatsApp reply that accepts a quote ("accept", "Yes, confirm", "We accept the
// quotation"): never an acceptance by itself, only a suggestion kept on the quote for its sales
// person to confirm with POST /quotes/:id/accept.
import type { Timestamp, Transaction } from 'firebase-admin/firestore';
import { companyToday } from '../figures/days';
import { newestSentQuotesIn, quoteRef, type QuoteRow } from './store';

/** Words that accept: a reply must hold one of them. */
const ACCEPTING = new Set([
  'accept',
  'accepted',
  'confirm',
  'confirmed',
  'approve',
  'approved',
  'agree',
  'agreed',
]);

/** Words that may stand beside them; any other word ("not", "when", "can") makes no suggestion. */
const ALONGSIDE = new Set(
  (
    'yes yeah yep yup ok okay sure i we it is this the quote quotation order offer please pls ' +
    'kindly go ahead done and sir madam ji thanks thank you'
  ).split(' '),
);

const MAX_WORDS = 8;

/**
 * Whether a reply accepts: at most eight words, case and punctuation (and emoji) aside, at least
 * one of ACCEPTING and every other one of ALONGSIDE.
 */
export function isAcceptReply(text: string): boolean {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0 || words.length > MAX_WORDS) return false;
  return (
    words.some((w) => ACCEPTING.has(w)) && words.every((w) => ACCEPTING.has(w) || ALONGSIDE.has(w))
  );
}

/** A sent quote the customer can still accept: not revised, valid until today or later. */
const answerable = (row: QuoteRow, customerId: string, today: string) =>
  row.data.status === 'sent' &&
  row.data.customerId === customerId &&
  !row.data.revisedBy &&
  typeof row.data.validUntil === 'string' &&
  row.data.validUntil >= today;

/**
 * In `tx`, the quote a customer's accepting reply answers: the one its context names (a reply to
 * the quote's own message), else their newest sent quote; only while it can be accepted.
 */
export async function quoteAnsweredIn(
  tx: Transaction,
  customerId: string,
  quoteId: string | undefined,
): Promise<QuoteRow | undefined> {
  const today = companyToday();
  if (quoteId) {
    const data = (await tx.get(quoteRef(quoteId))).data();
    const row = data && { id: quoteId, data };
    return row && answerable(row, customerId, today) ? row : undefined;
  }
  const rows = await newestSentQuotesIn(tx, customerId);
  return rows.find((row) => answerable(row, customerId, today));
}

export interface AcceptSuggestion {
  /** What the customer wrote. */
  text: string;
  /** Their message in the conversation. */
  conversationMessageId: string;
}

/** In `tx`, keeps the customer's accepting reply on the quote, for its sales person. */
export function suggestAcceptIn(
  tx: Transaction,
  quoteId: string,
  suggestion: AcceptSuggestion,
  at: Timestamp,
): void {
  tx.update(quoteRef(quoteId), { acceptSuggestion: { ...suggestion, at } });
}
