// A customer's GST details: their GSTIN and billing state (a GST state code), which set a
// quotation's place of supply. Kept on the customer as `tax { gstin, billingState }`, outside
// the dashboard's figures, and carried through every rewrite of the customer (edits, merges,
// imports), as the owner is.
import type { DocumentData } from 'firebase-admin/firestore';

export const TAX_FIELD = 'tax';

export interface CustomerTax {
  gstin: string;
  billingState: string;
}

export const NO_TAX: CustomerTax = { gstin: '', billingState: '' };

/** The GST details stored on a customer document ('' for each one not given). */
export function taxOf(data: DocumentData | undefined): CustomerTax {
  const tax = data?.[TAX_FIELD] as { gstin?: unknown; billingState?: unknown } | undefined;
  return {
    gstin: typeof tax?.gstin === 'string' ? tax.gstin : '',
    billingState: typeof tax?.billingState === 'string' ? tax.billingState : '',
  };
}

const hasTax = (tax: CustomerTax) => tax.gstin !== '' || tax.billingState !== '';

/** The details of the first of `sources` that has any, as fields to spread into a rewrite. */
export function carriedTax(sources: readonly (DocumentData | undefined)[]): DocumentData {
  for (const source of sources) {
    const tax = taxOf(source);
    if (hasTax(tax)) return { [TAX_FIELD]: tax };
  }
  return {};
}

/** `current` with the details sent applied; a GSTIN sets the billing state to its own. */
export function nextTax(current: CustomerTax, sent: Partial<CustomerTax>): CustomerTax {
  const gstin = sent.gstin ?? current.gstin;
  const billingState = gstin ? gstin.slice(0, 2) : (sent.billingState ?? current.billingState);
  return { gstin, billingState };
}

/** The customer's GST state: their GSTIN's, else their billing state, else ''. */
export const customerStateOf = (tax: CustomerTax): string =>
  tax.gstin ? tax.gstin.slice(0, 2) : tax.billingState;
