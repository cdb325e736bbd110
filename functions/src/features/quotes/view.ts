// A stored quote as the API answers it: money worked out again from the stored lines (the same
// maths, so the same paise), in rupees; a draft or sent quote past its validity shows expired.
import type { DocumentData } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { stateLabel } from '../../contract/gst';
import { PERCENT_SCALE, QTY_SCALE, paiseToRupees, quoteMoney } from '../../contract/quote-maths';
import {
  QUOTE_CHANNELS,
  type Quote,
  type QuoteSend,
  type QuoteStatus,
  type QuoteSummary,
} from '../../contract/quotes';
import { amountInWords } from './amount-words';
import type { StoredLine } from './build';

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const texts = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
const iso = (v: unknown) => (v instanceof Timestamp ? v.toDate().toISOString() : '');
const link = (v: unknown) => {
  const l = v as { _id?: unknown; number?: unknown } | null | undefined;
  return l && typeof l._id === 'string' ? { _id: l._id, number: text(l.number) } : null;
};

/** Draft and sent quotes past their last valid day are expired. */
export function statusOf(data: DocumentData, today: string): QuoteStatus {
  const status = text(data.status) as QuoteStatus;
  if ((status === 'draft' || status === 'sent') && text(data.validUntil) < today) return 'expired';
  return status;
}

export const storedLines = (data: DocumentData): StoredLine[] =>
  Array.isArray(data.lines) ? (data.lines as StoredLine[]) : [];

export function toQuote(id: string, data: DocumentData, today: string): Quote {
  const lines = storedLines(data);
  const interState = data.interState === true;
  const money = quoteMoney(lines, interState);
  const r = paiseToRupees;
  const customer = (data.customer ?? {}) as DocumentData;
  const seller = (data.seller ?? {}) as DocumentData;
  return {
    _id: id,
    number: text(data.number),
    revision: typeof data.revision === 'number' ? data.revision : 0,
    status: statusOf(data, today),
    customerId: text(data.customerId),
    customer: {
      name: text(customer.name),
      gstin: text(customer.gstin),
      state: text(customer.state),
      address: text(customer.address),
      phones: texts(customer.phones),
      emails: texts(customer.emails),
    },
    seller: {
      name: text(seller.name),
      legalName: text(seller.legalName),
      gstin: text(seller.gstin),
      state: text(seller.state),
      address: text(seller.address),
    },
    placeOfSupply: stateLabel(text(data.placeOfSupply)),
    interState,
    lines: lines.map((line, i) => {
      const m = money.lines[i];
      return {
        productId: line.productId,
        name: line.name,
        description: line.description,
        hsn: line.hsn,
        unit: line.unit,
        qty: line.qtyMilli / QTY_SCALE,
        rate: r(line.ratePaise),
        discountPercent: line.discountBp / PERCENT_SCALE,
        gstRate: line.gstBp / PERCENT_SCALE,
        gross: r(m.gross),
        discount: r(m.discount),
        taxable: r(m.taxable),
        tax: r(m.tax),
        cgst: r(m.cgst),
        sgst: r(m.sgst),
        igst: r(m.igst),
      };
    }),
    totals: {
      subtotal: r(money.subtotal),
      discount: r(money.discount),
      taxable: r(money.taxable),
      cgst: r(money.cgst),
      sgst: r(money.sgst),
      igst: r(money.igst),
      roundOff: r(money.roundOff),
      total: r(money.total),
    },
    taxByRate: money.byRate.map((row) => ({
      gstRate: row.gstBp / PERCENT_SCALE,
      taxable: r(row.taxable),
      cgst: r(row.cgst),
      sgst: r(row.sgst),
      igst: r(row.igst),
    })),
    amountInWords: amountInWords(money.total),
    validUntil: text(data.validUntil),
    notes: text(data.notes),
    terms: text(data.terms),
    owner: { _id: text(data.owner?._id), name: text(data.owner?.name) },
    createdAt: iso(data.createdAt),
    updatedAt: iso(data.updatedAt),
    revisedFrom: link(data.revisedFrom),
    revisedBy: link(data.revisedBy),
    entryId: typeof data.entryId === 'string' ? data.entryId : null,
    sentAt: iso(data.sentAt) || null,
    sends: sendsOf(data),
    acceptSuggestion: suggestionOf(data, today),
  };
}

/** The customer's accepting reply, shown while the quote can still be accepted. */
function suggestionOf(data: DocumentData, today: string): Quote['acceptSuggestion'] {
  const s = data.acceptSuggestion as DocumentData | undefined;
  const status = statusOf(data, today);
  if (!s || typeof s.text !== 'string' || data.revisedBy) return null;
  if (status !== 'draft' && status !== 'sent') return null;
  return { text: s.text, at: iso(s.at), conversationMessageId: text(s.conversationMessageId) };
}

function sendsOf(data: DocumentData): QuoteSend[] {
  const sends = (data.sends ?? {}) as Record<string, DocumentData | undefined>;
  return QUOTE_CHANNELS.flatMap((channel) => {
    const send = sends[channel];
    if (!send || typeof send.messageId !== 'string') return [];
    return [
      {
        channel,
        messageId: send.messageId,
        at: iso(send.at),
        byName: text(send.byName),
        how: text(send.how),
      },
    ];
  });
}

export function toQuoteSummary(id: string, data: DocumentData, today: string): QuoteSummary {
  return {
    _id: id,
    number: text(data.number),
    status: statusOf(data, today),
    customerId: text(data.customerId),
    customerName: text(data.customer?.name),
    validUntil: text(data.validUntil),
    owner: { _id: text(data.owner?._id), name: text(data.owner?.name) },
    createdAt: iso(data.createdAt),
    total: paiseToRupees(typeof data.total === 'number' ? data.total : 0),
  };
}
