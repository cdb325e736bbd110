// A quote's answer: accepted (it becomes an entry through Add Entry's own path: process
// Quotation, the total as its amount, a link to the quote, pending until an admin confirms it,
// as every entry is) or declined. The entry and the quote's new status are one transaction, so
// an accept retried never makes a second entry.
import type { DocumentData } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { HttpError } from '../../http/errors';
import type { Session } from '../../http/access';
import { withdrawAcceptSuggestion } from '../../domain/messages';
import { runInTransaction } from '../../domain/writes/transaction';
import { quoteRef, requireQuoteData, requireQuoteIn } from '../../domain/quotes/store';
import { formatRupees, paiseToRupees } from '../../contract/quote-maths';
import type { Quote } from '../../contract/quotes';
import { createEntry } from '../entries';
import { companyToday } from '../../domain/figures/days';
import { statusOf, toQuote } from './view';

/** 409 unless the quote is open for an answer (draft or sent, within its validity). */
export function requireOpen(data: DocumentData, today: string): void {
  const status = statusOf(data, today);
  if (status === 'draft' || status === 'sent') {
    if (data.revisedBy)
      throw new HttpError(409, `This version was revised: answer ${data.revisedBy.number}.`);
    return;
  }
  const why: Record<string, string> = {
    accepted: 'This quote was accepted already.',
    declined: 'This quote was declined.',
    expired: 'This quote is past its validity: revise it for new dates.',
  };
  throw new HttpError(409, why[status] ?? 'This quote cannot be answered.');
}

export async function acceptQuote(id: string, session: Session): Promise<Quote> {
  const today = companyToday();
  const before = await requireQuoteData(id);
  requireOpen(before, today);
  const total = typeof before.total === 'number' ? before.total : 0;
  const number = String(before.number);
  await createEntry(
    {
      customerId: String(before.customerId),
      description: `Quotation ${number} accepted: ${formatRupees(total)}`,
      tags: [],
      attachments: [],
      category: '',
      amount: paiseToRupees(total),
      currency: 'INR',
      process: 'Quotation',
      extraNote: '',
      channel: undefined,
      whatsapp: undefined,
      email: undefined,
    },
    session,
    {
      quote: { _id: id, number },
      alongside: async (tx, entryId) => {
        // Read again in the entry's transaction: a second accept at once finds it accepted.
        const open = await requireQuoteIn(tx, id);
        requireOpen(open, today);
        await withdrawAcceptSuggestion(tx, open);
        const at = Timestamp.now();
        tx.update(quoteRef(id), {
          status: 'accepted',
          entryId,
          acceptedAt: at,
          acceptedBy: session.uid,
          updatedAt: at,
        });
      },
    },
  );
  return toQuote(id, await requireQuoteData(id), today);
}

export async function declineQuote(id: string, session: Session): Promise<Quote> {
  const today = companyToday();
  const data = await runInTransaction(async (tx) => {
    const before = await requireQuoteIn(tx, id);
    requireOpen(before, today);
    await withdrawAcceptSuggestion(tx, before);
    const at = Timestamp.now();
    const change = { status: 'declined', declinedAt: at, declinedBy: session.uid, updatedAt: at };
    tx.update(quoteRef(id), change);
    return { ...before, ...change };
  });
  return toQuote(id, data, today);
}
