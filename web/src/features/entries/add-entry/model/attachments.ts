import type { Attachment, FixedPdf } from '../../../../resources/entries';
import { MAX_FILE_BYTES, MAX_FILES } from './constants';

export type MediaType = 'image' | 'video' | 'document';

const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|webp|bmp|svg|heic)$/i;
const VIDEO_EXTENSIONS = /\.(mp4|mov|webm|mkv|avi|3gp)$/i;

/** From the mimetype, else the file name's extension. */
export function mediaTypeOf(mimetype: string, name: string): MediaType {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('video/')) return 'video';
  if (!mimetype && IMAGE_EXTENSIONS.test(name)) return 'image';
  if (!mimetype && VIDEO_EXTENSIONS.test(name)) return 'video';
  return 'document';
}

/**
 * Why these files cannot be added to the `already` attachments (the limits of POST /uploads:
 * 10 MB a file, 10 files), or null when they can.
 */
export function fileLimitError(files: readonly File[], already: number): string | null {
  const tooLarge = files.find((file) => file.size > MAX_FILE_BYTES);
  if (tooLarge) return `"${tooLarge.name}" is larger than 10 MB (the limit per file).`;
  if (already + files.length > MAX_FILES) return `At most ${MAX_FILES} files per entry.`;
  return null;
}

/** A fixed PDF as an attachment; the answer's own type and size win when it gives them. */
export function fixedPdfAttachment(pdf: FixedPdf): Attachment {
  return {
    name: pdf.title,
    url: pdf.url,
    mimetype: pdf.mimetype ?? 'application/pdf',
    size: pdf.size ?? 0,
  };
}
