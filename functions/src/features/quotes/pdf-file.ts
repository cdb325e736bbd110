// A quote's PDF: made on its first fetch and kept in the file store (Cloud Storage), so every
// later fetch answers the same bytes. Two first fetches at once each make one; the first to
// record its path wins and the other's file is removed. What is sent (a quote's send, a
// broadcast's document header) is the same bytes kept once as an uploaded file.
import { randomUUID } from 'node:crypto';
import type { DocumentData } from 'firebase-admin/firestore';
import { createFileStore } from '../../storage/create-file-store';
import type { FileStore } from '../../storage/file-store';
import { companyToday } from '../../domain/figures/days';
import type { PlannedAttachment } from '../../domain/messages';
import { claimQuoteField, requireQuoteData } from '../../domain/quotes/store';
import { fileUrl, saveFiles } from '../uploads';
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

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The quote's PDF as an uploaded file (made once per quote), and its size. */
export async function pdfAttachment(id: string, data: DocumentData): Promise<PlannedAttachment> {
  const bytes = await quotePdf(id, data, companyToday());
  const name = pdfFileName(text(data.number));
  let fileId = text(data.pdfFileId);
  if (!fileId) {
    const [saved] = await saveFiles([{ name, mimetype: PDF_TYPE, data: bytes }], {
      source: 'quote',
    });
    fileId = await claimQuoteField(id, 'pdfFileId', saved._id);
  }
  return { name, url: fileUrl(fileId), mimetype: PDF_TYPE, size: bytes.length };
}

/** Quote `id`'s PDF as an uploaded file, and the quote's number; 404 when there is none. */
export async function quotePdfFile(
  id: string,
): Promise<{ file: PlannedAttachment; number: string }> {
  const data = await requireQuoteData(id);
  return { file: await pdfAttachment(id, data), number: text(data.number) };
}
