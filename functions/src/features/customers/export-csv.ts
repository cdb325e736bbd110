// GET /customers/export.csv: RFC 4180 (CRLF, quotes where needed), UTF-8 with a byte order
// mark (Excel reads it as UTF-8), cells that a spreadsheet would run as a formula prefixed
// with ' and quoted, streamed a page of customers at a time.
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { localDate, localIsoTime } from '../../company-days';
import { CUSTOMER_FIELD_NAMES, fieldsOf, isoTime } from '../../domain/customers/record';

export const EXPORT_COLUMNS = [...CUSTOMER_FIELD_NAMES, 'createdAt'] as const;

const JOIN = '; ';

/** When a customer was added, as the company's clock read it ('' when not stored). */
function createdAt(value: unknown, timeZone: string): string {
  const iso = isoTime(value);
  return iso ? localIsoTime(new Date(iso), timeZone) : '';
}

/** A customer's row, from its document alone (not the whole customer the list shows). */
function row(doc: QueryDocumentSnapshot, timeZone: string): string[] {
  const data = doc.data();
  const c = fieldsOf(data);
  return [
    c.names.join(JOIN),
    c.phones.join(JOIN),
    c.emails.join(JOIN),
    c.categories.join(JOIN),
    c.potential,
    c.note,
    createdAt(data.createdAt, timeZone),
  ];
}

export function exportFileName(now: Date, timeZone: string): string {
  return `customers_${localDate(now, timeZone)}.csv`;
}

/**
 * A cell a spreadsheet would run as a formula (its first character = + - @, tab or CR, or their
 * full-width forms), or such a cell already guarded by one or more ': the import takes one ' off
 * exactly these (import-csv.ts), so every value reads back as it was written.
 */
export const FORMULA_CELL = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The cell with a ' before anything a spreadsheet would run (OWASP's CSV injection advice). */
function guardFormula(value: string): string {
  return FORMULA_CELL.test(value) ? `'${value}` : value;
}

const CSV_OPTIONS = {
  columns: [...EXPORT_COLUMNS],
  record_delimiter: 'windows',
  // Quoted: any line break (a bare LF or CR too, which csv-stringify leaves bare once the record
  // delimiter is CRLF, and a reader would start a row there), and every guarded cell.
  quote_record_delimiter: true,
  quoted_match: FORMULA_CELL,
  cast: { string: guardFormula },
} as const;

/**
 * The file's text a page at a time: the byte order mark and header first, then each page's
 * rows as one chunk. One write per page, not per row: every asynchronous step has a cost of its
 * own, and a step per row would add up over a large export.
 */
async function* csvChunks(
  pages: AsyncIterable<QueryDocumentSnapshot[]>,
  timeZone: string,
): AsyncGenerator<string> {
  yield stringify([], { ...CSV_OPTIONS, bom: true, header: true });
  for await (const page of pages)
    if (page.length > 0)
      yield stringify(
        page.map((doc) => row(doc, timeZone)),
        CSV_OPTIONS,
      );
}

export async function streamCustomersCsv(
  res: Response,
  pages: AsyncIterable<QueryDocumentSnapshot[]>,
  file: { name: string; timeZone: string },
): Promise<void> {
  res.status(200);
  res.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.name}"`,
  });
  await pipeline(Readable.from(csvChunks(pages, file.timeZone)), res);
}
