// The catalogue as CSV: the export (UTF-8 with a byte order mark, formulas guarded, as the
// customers' export) and the import, which reads the same columns back: a row whose name is a
// product's updates it, others are added, and each bad row is listed by its line and skipped.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Readable } from 'node:stream';
import { text as readText } from 'node:stream/consumers';
import { HttpError } from '../../http/errors';
import type { Product, ProductImportResult } from '../../contract/products';
import { upsertProducts, type ProductFields } from '../../domain/products/store';
import { productCsvRow } from './schemas';

export const PRODUCT_COLUMNS = [
  'name',
  'description',
  'hsn',
  'unit',
  'rate',
  'gstRate',
  'active',
] as const;
/** One transaction holds an import: Firestore takes at most 500 writes in one. */
export const PRODUCT_IMPORT_MAX_ROWS = 500;
export const PRODUCT_IMPORT_MAX_BYTES = 1024 * 1024;
const MAX_LISTED_ERRORS = 50;

const HEADERS: Record<string, (typeof PRODUCT_COLUMNS)[number]> = {
  name: 'name',
  product: 'name',
  description: 'description',
  hsn: 'hsn',
  sac: 'hsn',
  'hsn/sac': 'hsn',
  unit: 'unit',
  rate: 'rate',
  price: 'rate',
  gstrate: 'gstRate',
  'gst rate': 'gstRate',
  gst: 'gstRate',
  'gst %': 'gstRate',
  active: 'active',
};

export function productsCsv(products: readonly Product[]): string {
  return stringify(
    products.map((p) => [
      p.name,
      p.description,
      p.hsn,
      p.unit,
      p.rate.toFixed(2),
      String(p.gstRate),
      p.active ? 'yes' : 'no',
    ]),
    {
      bom: true,
      header: true,
      columns: [...PRODUCT_COLUMNS],
      record_delimiter: 'windows',
      escape_formulas: true,
    },
  );
}

/** Undoes the export's formula guard: a leading ' before =, +, -, @, tab or CR. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** The file's rows checked: the good ones as fields, the rest as errors by line. */
export function parseProductsCsv(content: string): {
  rows: ProductFields[];
  errors: { line: number; message: string }[];
} {
  let records: string[][];
  try {
    records = parse(content, { bom: true, skip_empty_lines: true, relax_column_count: true });
  } catch {
    throw new HttpError(400, 'The file is not a CSV file; export it as CSV and retry.');
  }
  if (records.length === 0) throw new HttpError(400, 'The file is empty.');
  const columns = records[0].map((h) => HEADERS[h.trim().toLowerCase()]);
  if (!columns.includes('name'))
    throw new HttpError(400, `The first row must name the columns: ${PRODUCT_COLUMNS.join(', ')}.`);
  if (records.length - 1 > PRODUCT_IMPORT_MAX_ROWS)
    throw new HttpError(413, `At most ${PRODUCT_IMPORT_MAX_ROWS} products in one file.`);
  const rows: ProductFields[] = [];
  const errors: { line: number; message: string }[] = [];
  records.slice(1).forEach((cells, i) => {
    const raw: Record<string, string> = {};
    columns.forEach((column, c) => {
      if (column && cells[c] !== undefined) raw[column] = unguard(cells[c]);
    });
    const result = productCsvRow.safeParse(raw);
    if (result.success) rows.push(result.data);
    else
      errors.push({
        line: i + 2,
        message: result.error.issues.map((e) => `${e.path.join('.')}: ${e.message}`).join('; '),
      });
  });
  return { rows, errors };
}

export async function importProductsCsv(file: Readable): Promise<ProductImportResult> {
  let content: string;
  try {
    content = await readText(file);
  } catch {
    throw new HttpError(400, 'The upload could not be read.');
  }
  if ((file as { truncated?: boolean }).truncated)
    throw new HttpError(413, `The file is larger than ${PRODUCT_IMPORT_MAX_BYTES / 1024} KB.`);
  const { rows, errors } = parseProductsCsv(content);
  const saved = rows.length > 0 ? await upsertProducts(rows) : { created: 0, updated: 0 };
  return { ...saved, errors: errors.slice(0, MAX_LISTED_ERRORS) };
}
