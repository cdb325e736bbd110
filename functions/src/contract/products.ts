// The product catalogue as the API answers it. Like everything in contract/, plain TypeScript
// without imports: web/ imports it as @contract/<file>.

/** Units a product is sold in (the list the screens offer; others may be typed). */
export const PRODUCT_UNITS = ['Nos', 'Kg', 'Ltr', 'Mtr', 'Set', 'Box', 'Pair', 'Hrs'] as const;

export interface Product {
  _id: string;
  name: string;
  description: string;
  /** HSN (goods) or SAC (services) code, digits. */
  hsn: string;
  unit: string;
  /** Rate in rupees, at most 2 decimals. */
  rate: number;
  /** GST per cent, one of GST_RATES (contract/gst.ts). */
  gstRate: number;
  active: boolean;
  updatedAt: string;
}

/**
 * What POST /products takes: the rate in rupees and the GST per cent as numbers, or as text
 * holding one (as a form field sends it); the HSN as digits or a number. A product is active
 * unless `active` says otherwise.
 */
export interface ProductDraft {
  name: string;
  description?: string;
  hsn: string | number;
  unit: string;
  rate: number | string;
  gstRate: number | string;
  active?: boolean;
}

/** What PUT /products/{id} takes: only the fields sent change. */
export type ProductChange = Partial<ProductDraft>;

/** What POST /products/import.csv answers. */
export interface ProductImportResult {
  created: number;
  updated: number;
  errors: { line: number; message: string }[];
}
