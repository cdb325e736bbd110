// Email attachments given by path (attachments[{filename, path}]). Only files this app
// serves are read, straight from the file store: never a fetch of a URL the caller chose.
// Accepted: '/api/files/<store path>' or an http(s) URL of this same host with that path.
// (The uploads feature serves files there; if it picks another URL form, this is the one
// place to change.)
import type { Request } from 'express';
import { HttpError } from '../../http/errors';
import { addressedHosts } from '../../http/forwarding';
import type { EmailAttachment } from '../../integrations/types';
import { createFileStore } from '../../storage/create-file-store';
import { pathSegments, type FileStore } from '../../storage/file-store';

export const FILES_PREFIX = '/api/files/';
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** The file store path an attachment path names, or undefined when it is not one of ours. */
export function storePath(path: string, req: Request): string | undefined {
  let pathname = path;
  if (/^https?:\/\//i.test(path)) {
    let url: URL;
    try {
      url = new URL(path);
    } catch {
      return undefined;
    }
    if (!addressedHosts(req).includes(url.host.toLowerCase())) return undefined;
    pathname = url.pathname;
  }
  if (!pathname.startsWith(FILES_PREFIX)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname.slice(FILES_PREFIX.length));
  } catch {
    return undefined;
  }
  try {
    pathSegments(decoded);
  } catch {
    return undefined;
  }
  return decoded;
}

export async function readAttachments(
  list: { filename: string; path: string }[],
  req: Request,
  store: FileStore = createFileStore(),
): Promise<EmailAttachment[]> {
  const attachments: EmailAttachment[] = [];
  let total = 0;
  for (const [i, item] of list.entries()) {
    const path = storePath(item.path, req);
    const field = `attachments.${i}.path`;
    if (!path) {
      const message = `Not a file of this app (${FILES_PREFIX}…)`;
      throw new HttpError(400, `${field}: ${message}`, { [field]: message });
    }
    const file = await store.read(path);
    if (!file) {
      throw new HttpError(400, `${field}: File not found`, { [field]: 'File not found' });
    }
    total += file.data.length;
    if (total > MAX_ATTACHMENT_BYTES) {
      throw new HttpError(413, 'Attachments too large (limit 20 MB in all)');
    }
    attachments.push({
      filename: item.filename,
      content: file.data,
      contentType: file.contentType,
    });
  }
  return attachments;
}
