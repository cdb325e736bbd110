import { useRef, useState } from 'react';
import type { Attachment, FixedPdf } from '../../../../resources/entries';
import { uploadFiles } from '../api/upload-files';
import { fileLimitError, fixedPdfAttachment } from '../model/attachments';

/** A file picked here (sent on Save) or one already stored (uploaded, or a fixed PDF). */
export type AttachmentItem =
  | { id: number; kind: 'pending'; file: File }
  | { id: number; kind: 'stored'; attachment: Attachment };

export const itemName = (item: AttachmentItem) =>
  item.kind === 'pending' ? item.file.name : item.attachment.name;
export const itemSize = (item: AttachmentItem) =>
  item.kind === 'pending' ? item.file.size : item.attachment.size;
export const itemMimetype = (item: AttachmentItem) =>
  item.kind === 'pending' ? item.file.type : item.attachment.mimetype;

/**
 * The entry's attachments. Picked files wait until Save (then one POST /uploads sends them
 * all); once uploaded they stay uploaded, so a retried Save does not send them twice.
 */
export function useEntryAttachments() {
  const [items, setItems] = useState<AttachmentItem[]>([]);
  const [limitError, setLimitError] = useState('');
  const nextId = useRef(1);
  const newId = () => nextId.current++;

  function addFiles(files: readonly File[]) {
    const problem = fileLimitError(files, items.length);
    setLimitError(problem ?? '');
    if (problem || files.length === 0) return;
    setItems((list) => [
      ...list,
      ...files.map((file) => ({ id: newId(), kind: 'pending' as const, file })),
    ]);
  }

  /** Adds a file already stored (a fixed PDF, a saved reply's file), once. */
  function addStored(attachment: Attachment) {
    if (hasUrl(attachment.url)) return;
    const problem = fileLimitError([], items.length + 1);
    setLimitError(problem ?? '');
    if (problem) return;
    setItems((list) => [...list, { id: newId(), kind: 'stored', attachment }]);
  }

  const addFixedPdf = (pdf: FixedPdf) => addStored(fixedPdfAttachment(pdf));

  function remove(id: number) {
    setLimitError('');
    setItems((list) => list.filter((item) => item.id !== id));
  }

  /** Uploads the waiting files and answers every attachment, in the order shown. */
  async function uploadPending(): Promise<Attachment[]> {
    const pending = items.filter((item) => item.kind === 'pending');
    const uploaded = pending.length > 0 ? await uploadFiles(pending.map((item) => item.file)) : [];
    const byId = new Map(pending.map((item, i) => [item.id, uploaded[i]]));
    const next: AttachmentItem[] = items.map((item) => {
      const attachment = byId.get(item.id);
      return attachment ? { id: item.id, kind: 'stored', attachment } : item;
    });
    setItems(next);
    return next.flatMap((item) => (item.kind === 'stored' ? [item.attachment] : []));
  }

  const hasUrl = (url: string) =>
    items.some((item) => item.kind === 'stored' && item.attachment.url === url);

  return { items, limitError, addFiles, addFixedPdf, addStored, remove, uploadPending, hasUrl };
}
