// Quotations as the API answers them; amounts in rupees (numbers with at most 2 decimals,
// computed in paise: contract/quote-maths.ts). Like everything in contract/, plain TypeScript
// without imports: web/ imports it as @contract/<file>.

/** A quote's status; `expired` is a draft or sent quote past its validity. */
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** At most this many lines in one quote. */
export const MAX_QUOTE_LINES = 200;

export interface QuoteLine {
  productId: string | null;
  name: string;
  description: string;
  hsn: string;
  unit: string;
  qty: number;
  /** Rupees per unit. */
  rate: number;
  discountPercent: number;
  gstRate: number;
  /** Quantity × rate, the discount, and what is left: the taxable value. */
  gross: number;
  discount: number;
  taxable: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface QuoteTotals {
  subtotal: number;
  discount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  roundOff: number;
  total: number;
}

export interface QuoteRateRow {
  gstRate: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface QuoteParty {
  name: string;
  gstin: string;
  /** GST state code ('27'), '' when unknown. */
  state: string;
  address: string;
}

export interface Quote {
  _id: string;
  /** Q/2026-27/0001, a revision Q/2026-27/0001-R1. */
  number: string;
  revision: number;
  status: QuoteStatus;
  customerId: string;
  customer: QuoteParty & { phones: string[]; emails: string[] };
  seller: QuoteParty & { legalName: string };
  /** '27-Maharashtra': the customer's state (GSTIN, else billing state, else the seller's). */
  placeOfSupply: string;
  /** IGST (another state) rather than CGST + SGST. */
  interState: boolean;
  lines: QuoteLine[];
  totals: QuoteTotals;
  taxByRate: QuoteRateRow[];
  amountInWords: string;
  /** Last day the prices hold (YYYY-MM-DD, the company's time zone). */
  validUntil: string;
  notes: string;
  terms: string;
  owner: { _id: string; name: string };
  createdAt: string;
  updatedAt: string;
  /** The version this one revises, and the one that revised it. */
  revisedFrom: { _id: string; number: string } | null;
  revisedBy: { _id: string; number: string } | null;
  /** The entry an accepted quote became. */
  entryId: string | null;
  /** When Send first sent it, and each channel's last send (its conversation message). */
  sentAt: string | null;
  sends: QuoteSend[];
  /**
   * The customer's WhatsApp reply accepting it ("yes, confirm"), while the quote is open: a
   * suggestion its sales person confirms with Accept. Nothing is accepted by itself.
   */
  acceptSuggestion: { text: string; at: string; conversationMessageId: string } | null;
}

export const QUOTE_CHANNELS = ['whatsapp', 'email'] as const;
export type QuoteChannel = (typeof QUOTE_CHANNELS)[number];

/** One channel's send of a quote: its message in the customer's conversation. */
export interface QuoteSend {
  channel: QuoteChannel;
  /** The conversation message's id (the queue's id). */
  messageId: string;
  at: string;
  byName: string;
  /** WhatsApp: 'document' inside the 24-hour window, else the template that carried it. */
  how: string;
}

/** POST /quotes/:id/send { channels }. */
export interface SendQuoteRequest {
  channels: QuoteChannel[];
}

/** Each channel's message as it stands after the first try. */
export interface SendQuoteResult {
  channel: QuoteChannel;
  messageId: string;
  /** 'sent', 'delivered', … ; 'queued' when it will be tried again; 'failed' with error. */
  state: string;
  error?: string;
  file: { name: string; size: number };
}

export interface SendQuoteResponse {
  quote: Quote;
  results: SendQuoteResult[];
}

/** A row of the Quotes list. */
export type QuoteSummary = Pick<
  Quote,
  '_id' | 'number' | 'status' | 'customerId' | 'validUntil' | 'owner' | 'createdAt'
> & { customerName: string; total: number };

/** GET /quotes: a page, newest first; `nextCursor` asks for the next one (null: no more). */
export interface QuotePage {
  items: QuoteSummary[];
  nextCursor: string | null;
}

/**
 * POST /quotes. Each line names a product (`productId`: its fields fill what the line leaves
 * out) or is a free line, which needs a name, a rate and a GST rate.
 */
export type QuoteRequest = {
  customerId: string;
  lines: {
    productId?: string;
    name?: string;
    description?: string;
    hsn?: string;
    unit?: string;
    qty: number;
    rate?: number;
    discountPercent?: number;
    gstRate?: number;
  }[];
  validUntil?: string;
  notes?: string;
};

/** POST /quotes/{id}/revise: what is left out is taken from the version revised. */
export type QuoteRevision = Partial<Omit<QuoteRequest, 'customerId'>>;
