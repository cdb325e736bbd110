// POST /customers/import.csv: the file comes as multipart (busboy) and is parsed as it
// arrives (csv-parse); at most IMPORT_MAX_BYTES and IMPORT_MAX_ROWS.
import { parse, type CsvError } from 'csv-parse';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import { startOfDay } from '../../company-days';
import { getConfig } from '../../config';
import { companyToday } from '../../domain/figures/days';
import { HttpError } from '../../http/errors';
import { readUploadedFile } from '../../http/file-upload';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_LISTED_ERRORS,
  IMPORT_MAX_ROWS,
  POTENTIALS,
} from '../../domain/customers/constants';
import {
  hasIdentity,
  normalizeCustomerInput,
  splitNames,
  splitValues,
} from '../../domain/customers/normalize';
import { FORMULA_CELL } from './export-csv';
import type { UpsertRow } from './upsert';
import { NEEDS_IDENTITY } from './write';

type Column = 'names' | 'phones' | 'emails' | 'categories' | 'potential' | 'note' | 'createdAt';

const HEADERS: Record<string, Column> = {
  names: 'names',
  name: 'names',
  phones: 'phones',
  phone: 'phones',
  mobile: 'phones',
  mobiles: 'phones',
  emails: 'emails',
  email: 'emails',
  categories: 'categories',
  category: 'categories',
  potential: 'potential',
  note: 'note',
  notes: 'note',
  createdat: 'createdAt',
  'created at': 'createdAt',
};

const KNOWN_HEADERS = 'names, phones, emails, categories, potential, note';

const tooLarge = () =>
  new HttpError(
    413,
    `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB; split it into smaller files.`,
  );
const tooManyRows = () =>
  new HttpError(
    413,
    `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows; split it into smaller files.`,
  );
const notText = () =>
  new HttpError(
    400,
    'The file is not a CSV text file (UTF-8 expected); export it as CSV and retry.',
  );
const empty = () => new HttpError(400, 'The file is empty.');

export interface RowError {
  line: number;
  message: string;
}

export interface ParsedCsv {
  rows: UpsertRow[];
  errors: RowError[];
}

/** Undoes the export's formula guard: one ' off a guarded cell (FORMULA_CELL after a '). */
function unguard(cell: string): string {
  return cell.startsWith("'") && FORMULA_CELL.test(cell) ? cell.slice(1) : cell;
}

/** The header row's columns, by position; 400 when none is one this import knows. */
function readHeader(cells: string[]): (Column | undefined)[] {
  const columns = cells.map(
    (cell) =>
      HEADERS[
        cell
          .replace(/^\uFEFF/, '')
          .trim()
          .toLowerCase()
          .replace(/\s+/g, ' ')
      ],
  );
  if (cells.every((c) => !c.trim())) throw empty();
  if (!columns.some(Boolean)) {
    const found = cells
      .map((c) => c.trim())
      .filter(Boolean)
      .slice(0, 5)
      .join(', ');
    throw new HttpError(
      400,
      `The file has no known column (found: ${found}). The first row must name at least one of: ${KNOWN_HEADERS}.`,
    );
  }
  return columns;
}

/** Turns records into rows to import, or line errors. */
class RowCollector {
  private columns: (Column | undefined)[] | undefined;
  private dataRows = 0;
  /** The end of tomorrow in the company's time zone: no row may be created from then on. */
  private readonly createdBefore = startOfDay(companyToday(), getConfig().timeZone, 2);
  readonly rows: UpsertRow[] = [];
  readonly errors: RowError[] = [];

  add(cells: string[], line: number): void {
    if (!this.columns) {
      this.columns = readHeader(cells);
      return;
    }
    if (cells.every((c) => !c.trim())) return;
    if (++this.dataRows > IMPORT_MAX_ROWS) throw tooManyRows();
    const values: Record<Column, string[]> = {
      names: [],
      phones: [],
      emails: [],
      categories: [],
      potential: [],
      note: [],
      createdAt: [],
    };
    this.columns.forEach((column, i) => {
      const cell = unguard(cells[i] ?? '');
      if (!column || !cell.trim()) return;
      if (column === 'note' || column === 'potential' || column === 'createdAt')
        values[column].push(cell.trim());
      else if (column === 'names') values.names.push(...splitNames(cell));
      else values[column].push(...splitValues(cell));
    });
    const { fields, issues } = normalizeCustomerInput({
      names: values.names,
      phones: values.phones,
      emails: values.emails,
      categories: values.categories,
      potential: values.potential[0] ?? '',
      note: values.note.join('\n'),
    });
    const problems = issues.map((i) => i.message);
    // The company's list only: a potential is a rating, and a cell such as =EVIL() is not one.
    if (fields.potential && !(POTENTIALS as readonly string[]).includes(fields.potential)) {
      problems.push(`Potential must be one of ${POTENTIALS.join(', ')}: ${fields.potential}`);
    }
    let createdAt: Date | undefined;
    if (values.createdAt[0]) {
      createdAt = new Date(values.createdAt[0]);
      if (Number.isNaN(createdAt.getTime()) || createdAt.getUTCFullYear() < 1970) {
        problems.push(`Invalid createdAt: ${values.createdAt[0]}`);
        createdAt = undefined;
      } else if (createdAt >= this.createdBefore) {
        // A date in the future would lead "newest first" until it came.
        problems.push(`createdAt is later than tomorrow: ${values.createdAt[0]}`);
        createdAt = undefined;
      }
    }
    if (problems.length === 0 && !hasIdentity(fields)) problems.push(NEEDS_IDENTITY);
    if (problems.length > 0) this.errors.push({ line, message: problems.join('; ') });
    else this.rows.push({ line, fields, createdAt });
  }

  result(): ParsedCsv {
    if (!this.columns) throw empty();
    if (this.dataRows === 0) throw new HttpError(400, 'The file has no rows below the header.');
    return { rows: this.rows, errors: this.errors };
  }
}

/**
 * The line (1-based) each record starts on, from csv-parse's byte offsets: records are
 * reported in order with the offset where they end, and the bytes in between are counted
 * here (CRLF, LF and lone CR each end one line; quoted line breaks count too).
 */
class LineTracker {
  private chunks: Buffer[] = [];
  private chunkStart = 0;
  private position = 0;
  private line = 1;
  private afterCR = false;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  /** The line of the first byte that is not a line break before `end`; moves up to `end`. */
  startOf(end: number): number {
    let start: number | undefined;
    while (this.position < end && this.chunks.length > 0) {
      const chunk = this.chunks[0];
      const i = this.position - this.chunkStart;
      if (i >= chunk.length) {
        this.chunkStart += chunk.length;
        this.chunks.shift();
        continue;
      }
      const byte = chunk[i];
      if (byte === 0x0d) {
        this.line++;
        this.afterCR = true;
      } else if (byte === 0x0a) {
        if (!this.afterCR) this.line++;
        this.afterCR = false;
      } else {
        this.afterCR = false;
        start ??= this.line;
      }
      this.position++;
    }
    return start ?? this.line;
  }
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Parses a CSV stream into rows to import; rejects with an HttpError for unusable files. */
export function parseCustomerCsv(file: Readable): Promise<ParsedCsv> {
  return new Promise((resolve, reject) => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const lines = new LineTracker();
    const collector = new RowCollector();
    const parser = parse({
      info: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
    });
    let failure: unknown;
    let fileEnded = false;
    let parserEnded = false;
    let head: Buffer | undefined = Buffer.alloc(0);

    const settle = () => {
      if (!fileEnded) return;
      if (failure) reject(failure);
      else if (parserEnded) {
        try {
          resolve(collector.result());
        } catch (err) {
          reject(err);
        }
      }
    };
    const fail = (err: unknown) => {
      if (failure) return;
      failure = err;
      parser.destroy();
      settle();
    };
    const feed = (chunk: Buffer) => {
      if (chunk.length === 0) return;
      lines.push(chunk);
      parser.write(chunk);
    };

    file.on('limit', () => fail(tooLarge()));
    file.on('data', (chunk: Buffer) => {
      if (failure) return;
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        return fail(notText());
      }
      if (chunk.includes(0)) return fail(notText());
      if (head) {
        // The byte order mark is dropped before parsing, so byte offsets start at the data.
        head = Buffer.concat([head, chunk]);
        if (head.length < BOM.length) return;
        chunk = head.subarray(0, 3).equals(BOM) ? head.subarray(3) : head;
        head = undefined;
      }
      feed(chunk);
    });
    file.on('end', () => {
      fileEnded = true;
      if (!failure) {
        try {
          decoder.decode();
        } catch {
          return fail(notText());
        }
        if (head) feed(head.equals(BOM) ? Buffer.alloc(0) : head);
        head = undefined;
        parser.end();
      }
      settle();
    });
    file.on('error', (err) => {
      fileEnded = true;
      fail(err);
    });
    parser.on('readable', () => {
      let record: { record: string[]; info: { bytes: number } } | null;
      while (!failure && (record = parser.read() as typeof record) !== null) {
        try {
          collector.add(record.record, lines.startOf(record.info.bytes));
        } catch (err) {
          fail(err);
        }
      }
    });
    parser.on('error', (err: CsvError) =>
      fail(new HttpError(400, `The file is not valid CSV: ${err.message}`)),
    );
    parser.on('end', () => {
      parserEnded = true;
      settle();
    });
  });
}

/** The uploaded file (multipart field `file`) parsed; 400/413 for unusable uploads. */
export function readImportUpload(req: Request): Promise<ParsedCsv> {
  return readUploadedFile(req, IMPORT_MAX_BYTES, parseCustomerCsv);
}

/** All row errors in line order, at most IMPORT_MAX_LISTED_ERRORS of them. */
export function listedErrors(errors: RowError[]): { errors: RowError[]; errorCount: number } {
  const { listed, count } = listedByLine(errors);
  return { errors: listed, errorCount: count };
}

/** The first IMPORT_MAX_LISTED_ERRORS of a report's lines in file order, and how many there are. */
export function listedByLine<T extends { line: number }>(
  lines: readonly T[],
): { listed: T[]; count: number } {
  const sorted = [...lines].sort((a, b) => a.line - b.line);
  return { listed: sorted.slice(0, IMPORT_MAX_LISTED_ERRORS), count: sorted.length };
}
