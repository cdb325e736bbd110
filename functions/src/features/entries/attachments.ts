// Attachments named in a request: the app's own files are checked against their metadata
// (their stored name, type and size win over what the client says); other http(s) links are
// kept as given.
import { HttpError } from '../../http/errors';
import { fileIdFromUrl, fileUrl, readFileDocs } from '../uploads';
import type { Attachment } from '../../domain/entries/record';
import type { AttachmentInput } from './schemas';

export async function resolveAttachments(
  list: readonly AttachmentInput[],
  field = 'attachments',
): Promise<Attachment[]> {
  const ids = list.map((a) => fileIdFromUrl(a.url));
  const wanted = [...new Set(ids.filter((id): id is string => id !== undefined))];
  const found = await readFileDocs(wanted);
  return list.map((attachment, i) => {
    const id = ids[i];
    if (id === undefined) {
      if (!/^https?:\/\//i.test(attachment.url)) {
        const message = 'Not a file of this app';
        throw new HttpError(400, `${field}.${i}.url: ${message}`, {
          [`${field}.${i}.url`]: message,
        });
      }
      return {
        name: attachment.name,
        url: attachment.url,
        mimetype: attachment.mimetype,
        size: attachment.size,
      };
    }
    const meta = found.get(id);
    if (!meta) {
      const message = `File not found: ${attachment.name}`;
      throw new HttpError(400, `${field}.${i}.url: ${message}`, { [`${field}.${i}.url`]: message });
    }
    return {
      name: typeof meta.name === 'string' ? meta.name : attachment.name,
      url: fileUrl(id),
      mimetype: typeof meta.mimetype === 'string' ? meta.mimetype : attachment.mimetype,
      size: typeof meta.size === 'number' ? meta.size : attachment.size,
    };
  });
}
