// Making a quote and revising one. Everything a caller sent is checked first, the catalogue's
// products included; then the number is taken and the quote stored in one transaction
// (series-queue.ts), so a refused quote takes no number and two quotes never share one.
import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { companyToday } from '../../domain/figures/days';
import { HttpError } from '../../http/errors';
import type { Session } from '../../http/access';
import { withdrawAcceptSuggestion } from '../../domain/messages';
import { runInTransaction } from '../../domain/writes/transaction';
import { actorOf } from '../../domain/entries/actor';
import { CUSTOMER_NOT_FOUND, customerRef, getCustomerData } from '../../domain/customers/store';
import { readProducts, readProductsIn } from '../../domain/products/store';
import { readSettings } from '../../domain/settings/store';
import { newQuoteRef, quoteRef, requireQuoteIn } from '../../domain/quotes/store';
import type { Quote } from '../../contract/quotes';
import { quoteDoc, resolveLines, type StoredLine } from './build';
import { financialYear, quoteNumber, revisionNumber, seriesId } from './financial-year';
import type { CreateQuoteInput, LineBody, ReviseQuoteInput } from './schemas';
import { writeNumbered } from './series-queue';
import { storedLines, toQuote } from './view';

/** Today in the company's time zone (YYYY-MM-DD). */

/** The last valid day: the one given (not before today), else today + the settings' days. */
function lastValidDay(given: string | undefined, today: string, days: number): string {
  if (given !== undefined) {
    if (given < today)
      throw new HttpError(400, 'validUntil: Valid until cannot be before today', {
        validUntil: 'Valid until cannot be before today',
      });
    return given;
  }
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function requireCustomerField(customerId: string): Promise<DocumentData> {
  const data = await getCustomerData(customerId);
  if (!data) throw new HttpError(404, CUSTOMER_NOT_FOUND, { customerId: CUSTOMER_NOT_FOUND });
  return data;
}

const productIds = (lines: readonly LineBody[]) =>
  lines.flatMap((l) => (l.productId ? [l.productId] : []));

/** In `tx`: the lines resolved against the catalogue as it is now. */
async function linesIn(tx: Transaction, lines: readonly LineBody[]): Promise<StoredLine[]> {
  return resolveLines(lines, await readProductsIn(tx, productIds(lines)));
}

export async function createQuote(input: CreateQuoteInput, session: Session): Promise<Quote> {
  const [customerData, settings, actor] = await Promise.all([
    requireCustomerField(input.customerId),
    readSettings(),
    actorOf(session),
  ]);
  const today = companyToday();
  const validUntil = lastValidDay(input.validUntil, today, settings.quoteValidityDays);
  const year = financialYear(today);
  const ref = newQuoteRef();
  // Checked before a number is taken: an unknown product refuses the quote and uses up none.
  const lines = resolveLines(input.lines, await readProducts(productIds(input.lines)));
  const doc = await writeNumbered(seriesId(settings.quotePrefix, year), (tx, sequence) => {
    const data = quoteDoc({
      number: quoteNumber(settings.quotePrefix, year, sequence),
      revision: 0,
      baseId: ref.id,
      customerId: input.customerId,
      customerData,
      settings,
      lines,
      validUntil,
      notes: input.notes ?? '',
      owner: { _id: actor.uid, name: actor.name },
      createdAt: Timestamp.now(),
      revisedFrom: null,
    });
    tx.create(ref, data);
    return data;
  });
  return toQuote(ref.id, doc, today);
}

/** A new version of a quote, numbered after its first version (-R1, -R2…); the old one stays. */
export async function reviseQuote(
  id: string,
  input: ReviseQuoteInput,
  session: Session,
): Promise<Quote> {
  const [settings, actor] = await Promise.all([readSettings(), actorOf(session)]);
  const today = companyToday();
  const ref = newQuoteRef();
  const doc = await runInTransaction(async (tx) => {
    const old = await requireQuoteIn(tx, id);
    if (old.status === 'accepted')
      throw new HttpError(409, 'An accepted quote is the order: it is not revised.');
    if (old.revisedBy)
      throw new HttpError(409, `This version was revised already: revise ${old.revisedBy.number}.`);
    const baseId = typeof old.baseId === 'string' ? old.baseId : id;
    const base = baseId === id ? old : await requireQuoteIn(tx, baseId);
    const customerData = await requireCustomerIn(tx, String(old.customerId));
    const lines = input.lines
      ? await linesIn(tx, input.lines)
      : storedLines(old).map((line) => ({ ...line }));
    const revision = (typeof base.lastRevision === 'number' ? base.lastRevision : 0) + 1;
    const baseNumber = String(base.number);
    const data = quoteDoc({
      number: revisionNumber(baseNumber, revision),
      revision,
      baseId,
      customerId: String(old.customerId),
      customerData,
      settings,
      lines,
      validUntil: lastValidDay(input.validUntil, today, settings.quoteValidityDays),
      notes: input.notes ?? String(old.notes ?? ''),
      owner: { _id: actor.uid, name: actor.name },
      createdAt: Timestamp.now(),
      revisedFrom: { _id: id, number: String(old.number) },
    });
    await withdrawAcceptSuggestion(tx, old);
    tx.create(ref, data);
    tx.update(quoteRef(baseId), { lastRevision: revision });
    tx.update(quoteRef(id), {
      revisedBy: { _id: ref.id, number: data.number },
      updatedAt: Timestamp.now(),
    });
    return data;
  });
  return toQuote(ref.id, doc, today);
}

async function requireCustomerIn(tx: Transaction, customerId: string): Promise<DocumentData> {
  const data = (await tx.get(customerRef(customerId))).data();
  if (!data) throw new HttpError(404, CUSTOMER_NOT_FOUND);
  return data;
}
