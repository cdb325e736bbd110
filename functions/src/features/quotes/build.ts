// A quote's stored document: its lines resolved against the catalogue, the customer's and the
// seller's details as they were when it was made (a PDF fetched later shows the same), the
// place of supply, and the total in paise for the lists.
import type { DocumentData, Timestamp } from 'firebase-admin/firestore';
import { HttpError } from '../../http/errors';
import { customerLabel, fieldsOf } from '../../domain/customers/record';
import { customerStateOf, taxOf } from '../../domain/customers/tax-details';
import type { ProductFields } from '../../domain/products/store';
import type { CompanySettings } from '../../domain/settings/store';
import { quoteMoney, type LineMoneyInput } from '../../contract/quote-maths';
import type { LineBody } from './schemas';

export interface StoredLine extends LineMoneyInput {
  productId: string | null;
  name: string;
  description: string;
  hsn: string;
  unit: string;
}

const DEFAULT_UNIT = 'Nos';

/** The lines with each product's fields filling what the line leaves out; 400 for a bad product. */
export function resolveLines(
  lines: readonly LineBody[],
  products: ReadonlyMap<string, ProductFields>,
): StoredLine[] {
  const fields: Record<string, string> = {};
  const resolved = lines.map((line, i): StoredLine => {
    const product = line.productId ? products.get(line.productId) : undefined;
    if (line.productId && !product) fields[`lines.${i}.productId`] = 'Product not found';
    else if (product && !product.active)
      fields[`lines.${i}.productId`] = `${product.name} is inactive in the catalogue`;
    return {
      productId: line.productId ?? null,
      name: line.name || product?.name || '',
      description: line.description ?? product?.description ?? '',
      hsn: line.hsn ?? product?.hsn ?? '',
      unit: line.unit || product?.unit || DEFAULT_UNIT,
      qtyMilli: line.qty,
      ratePaise: line.rate ?? product?.ratePaise ?? 0,
      discountBp: line.discountPercent ?? 0,
      gstBp: line.gstRate ?? product?.gstBp ?? 0,
    };
  });
  const messages = Object.entries(fields);
  if (messages.length > 0)
    throw new HttpError(400, messages.map(([f, m]) => `${f}: ${m}`).join('; '), fields);
  return resolved;
}

/** The place of supply and whether it is another state than the seller's (IGST). */
export function placeOfSupply(
  sellerState: string,
  customerData: DocumentData,
): { code: string; interState: boolean } {
  const code = customerStateOf(taxOf(customerData)) || sellerState;
  // Without a state of its own the seller cannot be told apart from the customer: CGST + SGST.
  return { code, interState: sellerState !== '' && code !== sellerState };
}

export interface QuoteDocInput {
  number: string;
  revision: number;
  /** The first version's id (its own for a first version). */
  baseId: string;
  customerId: string;
  customerData: DocumentData;
  settings: CompanySettings;
  lines: StoredLine[];
  validUntil: string;
  notes: string;
  owner: { _id: string; name: string };
  createdAt: Timestamp;
  revisedFrom: { _id: string; number: string } | null;
}

export function quoteDoc(input: QuoteDocInput): DocumentData {
  const { settings, customerData } = input;
  const customer = fieldsOf(customerData);
  const tax = taxOf(customerData);
  const place = placeOfSupply(settings.state, customerData);
  const money = quoteMoney(input.lines, place.interState);
  return {
    number: input.number,
    revision: input.revision,
    baseId: input.baseId,
    status: 'draft',
    customerId: input.customerId,
    customer: {
      name: customerLabel(customer),
      gstin: tax.gstin,
      state: customerStateOf(tax),
      address: '',
      phones: customer.phones,
      emails: customer.emails,
    },
    seller: {
      name: settings.companyName,
      legalName: settings.legalName,
      gstin: settings.gstin,
      state: settings.state,
      address: settings.address,
      bank: settings.bank,
    },
    terms: settings.quoteTerms,
    placeOfSupply: place.code,
    interState: place.interState,
    lines: input.lines,
    total: money.total,
    validUntil: input.validUntil,
    notes: input.notes,
    owner: input.owner,
    createdAt: input.createdAt,
    updatedAt: input.createdAt,
    revisedFrom: input.revisedFrom,
    revisedBy: null,
    entryId: null,
  };
}
