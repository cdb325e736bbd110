/** Has the browser save `blob` under `filename`. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 text: cells quoted when they hold commas, quotes, line breaks or edge spaces. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Saves rows as a UTF-8 CSV file (with a byte-order mark, so spreadsheets read ₹ and names). */
export function downloadCsv(rows: readonly (readonly unknown[])[], filename: string): void {
  downloadBlob(new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' }), filename);
}
