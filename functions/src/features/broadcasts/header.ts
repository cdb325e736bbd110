// The file in a template's media header (docs/broadcasts.md, "A document or image header"): a
// template approved with a DOCUMENT or IMAGE header needs one with every send, as Meta refuses it
// without (132012); a template without takes none. It is an uploaded file, named by its url, or
// a quote's PDF (kept once as an uploaded file), checked against the header as Meta checks it: a
// PDF in a document header, a JPEG or PNG of at most 5 MB in an image header. The same file goes
// to every recipient, each send by a signed link of its own (features/messaging).
import {
  HEADER_FILES,
  broadcastFillsHeader,
  mediaHeaderOf,
  type BroadcastHeader,
  type BroadcastHeaderInput,
  type MediaHeaderFormat,
} from '../../contract/broadcasts';
import type { WhatsAppTemplate } from '../../contract/messaging';
import type { WhatsAppPart } from '../../domain/messages';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import { quotePdfFile } from '../quotes';
import { fileIdFromUrl, fileUrl, readFileDocs } from '../uploads';

/** Who may put a quote's PDF in a broadcast: those who may read quotes. */
const QUOTES_PERMISSION = 'entries.read';

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Why a broadcast cannot send this template's header at all, or undefined when it can. */
export function unsendableHeader(template: WhatsAppTemplate, named: string): string | undefined {
  return broadcastFillsHeader(template)
    ? undefined
    : `A broadcast sends templates with a document or image header, or none; ${named} has a ${(template.headerFormat ?? '').toLowerCase()} header`;
}

/** An uploaded file by its url (/api/files/uploads/<id>), as the header carries it. */
async function uploadedFile(url: string): Promise<BroadcastHeader['file']> {
  const id = fileIdFromUrl(url);
  if (!id)
    throw new HttpError(400, 'header.fileUrl: not a file uploaded here (/api/files/uploads/…)');
  const data = (await readFileDocs([id])).get(id);
  if (!data) throw new HttpError(400, "The header's file was not found: upload it again");
  return {
    name: String(data.name ?? 'file'),
    url: fileUrl(id),
    mimetype: String(data.mimetype ?? ''),
    size: Number(data.size ?? 0),
  };
}

/** A quote's PDF, for a caller who may read quotes. */
async function quoteFile(quoteId: string, session: Session) {
  const { permissions } = session;
  if (
    session.role !== 'admin' &&
    !permissions.includes('*') &&
    !permissions.includes(QUOTES_PERMISSION)
  )
    throw new HttpError(403, `A quote's PDF needs the ${QUOTES_PERMISSION} permission`);
  try {
    return await quotePdfFile(quoteId);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404)
      throw new HttpError(400, `header.quoteId: ${err.message}`);
    throw err;
  }
}

/** The file checked against the header's format: its type and Meta's size limit. */
function fitting(format: MediaHeaderFormat, named: string, file: BroadcastHeader['file']) {
  const wanted = HEADER_FILES[format];
  if (!(wanted.mimetypes as readonly string[]).includes(file.mimetype))
    throw new HttpError(
      400,
      `The ${format} header of ${named} takes ${wanted.words}; ${file.name} is ${file.mimetype || 'of no known type'}`,
    );
  if (file.size > wanted.maxBytes)
    throw new HttpError(
      400,
      `WhatsApp takes a file of at most ${megabytes(wanted.maxBytes)} in the ${format} header of ${named}; ${file.name} is ${megabytes(file.size)}`,
    );
  return file;
}

/**
 * The header the template needs, from what was chosen: null for a template without a media
 * header; a 400 saying what is missing or wrong (nothing is stored then).
 */
export async function headerFor(
  template: WhatsAppTemplate,
  named: string,
  input: BroadcastHeaderInput | null | undefined,
  session: Session,
): Promise<BroadcastHeader | null> {
  const format = mediaHeaderOf(template.headerFormat);
  if (!format) {
    if (input)
      throw new HttpError(
        400,
        `The template ${named} has no document or image header: it takes no file`,
      );
    return null;
  }
  const { type, words } = HEADER_FILES[format];
  if (!input)
    throw new HttpError(
      400,
      `The template ${named} has ${format === 'IMAGE' ? 'an' : 'a'} ${format} header: choose ${words} to go in it (an uploaded file${
        format === 'DOCUMENT' ? " or a quote's PDF" : ''
      })`,
    );
  if ('fileUrl' in input)
    return { type, file: fitting(format, named, await uploadedFile(input.fileUrl)) };
  if (format !== 'DOCUMENT')
    throw new HttpError(
      400,
      `A quote's PDF goes in a DOCUMENT header; the header of ${named} is ${format}`,
    );
  const quote = await quoteFile(input.quoteId, session);
  return {
    type,
    file: fitting(format, named, { ...quote.file, size: quote.file.size ?? 0 }),
    quote: { _id: input.quoteId, number: quote.number },
  };
}

/** The template part a broadcast sends one recipient: its parameters, its header's file. */
export function broadcastTemplatePart(
  broadcast: {
    template: { name: string; language: string };
    header: BroadcastHeader | null;
  },
  parameters: string[],
): WhatsAppPart {
  const { header } = broadcast;
  return {
    kind: 'template',
    name: broadcast.template.name,
    language: broadcast.template.language,
    parameters,
    ...(header && { [header.type]: header.file }),
  };
}
