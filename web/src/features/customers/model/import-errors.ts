import type { ImportError } from '../api/import-customers';

/**
 * The file's records by the line each starts on (1-based; line 1 is the header), counting
 * lines as the server does: CRLF, LF and lone CR each end a line, quoted line breaks too.
 */
export function recordsByLine(text: string): Map<number, string> {
  const records = new Map<number, string>();
  const body = text.replace(/^\uFEFF/, '');
  let line = 1;
  let start = 0;
  let startLine = 1;
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === '"') quoted = !quoted;
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      line++;
      if (!quoted) {
        records.set(startLine, body.slice(start, i + 1).replace(/\r?\n$|\r$/, ''));
        start = i + 1;
        startLine = line;
      }
    }
  }
  if (start < body.length) records.set(startLine, body.slice(start));
  return records;
}

/**
 * The rows of the import report's errors, for a CSV download: the line number, the server's
 * message and, when the file is at hand, that record of the file as it was uploaded.
 */
export function importErrorRows(errors: readonly ImportError[], fileText?: string): string[][] {
  const records = fileText === undefined ? undefined : recordsByLine(fileText);
  const header = records ? ['line', 'message', 'row'] : ['line', 'message'];
  return [
    header,
    ...errors.map(({ line, message }) => {
      const row = [String(line), message];
      return records ? [...row, records.get(line) ?? ''] : row;
    }),
  ];
}
