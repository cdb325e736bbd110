// GET /customers/export.csv: RFC 4180 (CRLF, quotes where needed), UTF-8 with a byte order
// mark (Excel reads it as UTF-8), cells that a spreadsheet would run as a formula prefixed
// with ', streamed a page of customers at a time.
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { localDate } from '../../company-days';
import { CUSTOMER_FIELD_NAMES, type Customer } from '../../domain/customers/record';

export const EXPORT_COLUMNS = [...CUSTOMER_FIELD_NAMES, 'createdAt'] as const;

const JOIN = '; ';

function row(c: Customer): string[] {
  return [
    c.names.join(JOIN),
    c.phones.join(JOIN),
    c.emails.join(JOIN),
    c.categories.join(JOIN),
    c.potential,
    c.note,
    c.createdAt,
  ];
}

export function exportFileName(now: Date, timeZone: string): string {
  return `customers_${localDate(now, timeZone)}.csv`;
}

export async function streamCustomersCsv(
  res: Response,
  customers: AsyncIterable<Customer>,
  fileName: string,
): Promise<void> {
  res.status(200);
  res.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileName}"`,
  });
  const rows = Readable.from(
    (async function* () {
      for await (const customer of customers) yield row(customer);
    })(),
  );
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...EXPORT_COLUMNS],
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  await pipeline(rows, csv, res);
}
