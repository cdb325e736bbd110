// A quote's PDF: made on its first fetch and kept in the file store (Cloud Storage), so every
// later fetch answers the same bytes. Two first fetches at once each make one; the first to
// record its path wins and the other's file is removed.
import { randomUUID } from 'node:crypto';
import type { DocumentData } from 'firebase-admin/firestore';
import { createFileStore } from '../../storage/create-file-store';
import type { FileStore } from '../../storage/file-store';
import { claimQuoteField } from '../../domain/quotes/store';
import { renderQuotePdf } from './pdf';
import { toQuote } from './view';

export const PDF_TYPE = 'application/pdf';

/** The file name people see: Q-2026-27-0001.pdf. */
export const pdfFileName = (number: string): string => `${number.replace(/[^\w-]+/g, '-')}.pdf`;

export async function quotePdf(
  id: string,
  data: DocumentData,
  today: string,
  store: FileStore = createFileStore(),
): Promise<Buffer> {
  if (typeof data.pdfPath === 'string' && data.pdfPath) {
    const kept = await store.read(data.pdfPath);
    if (kept) return kept.data;
  }
  const bytes = await renderQuotePdf(toQuote(id, data, today), data);
  const path = `quotes/${id}/${randomUUID()}.pdf`;
  await store.save(path, bytes, PDF_TYPE);
  const recorded = await claimQuoteField(id, 'pdfPath', path);
  if (recorded === path) return bytes;
  await store.remove(path);
  const theirs = await store.read(recorded);
  return theirs ? theirs.data : bytes;
}
