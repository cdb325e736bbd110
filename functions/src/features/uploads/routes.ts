// POST /uploads (PDF and images, checked by content) and GET /files/uploads/{id}: the file,
// for a signed-in caller or anyone holding a valid signed link.
import type { Router } from 'express';
import { route } from '../../http/access';
import { HttpError } from '../../http/errors';
import { checkSignedLink } from './file-links';
import { ALLOWED_TYPES_TEXT, detectFileType, safeFileName } from './file-types';
import { isFileId, readFile, saveFiles, type NewFile } from './files';
import { readMultipartFiles } from './multipart';

const NOT_FOUND = 'File not found';

// Files are shown in the app (an <img>, a PDF in a frame of the app's own pages): the API's
// strict defaults would stop the browser's PDF viewer, so files get their own policy.
const FILE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'",
  'X-Frame-Options': 'SAMEORIGIN',
  'Cache-Control': 'private, max-age=300',
};

function contentDisposition(name: string, download: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function registerUploadRoutes(router: Router): void {
  route(router, 'POST /uploads', async (req, res) => {
    const received = await readMultipartFiles(req);
    const files: NewFile[] = received.map((file) => {
      const type = file.data.length > 0 ? detectFileType(file.data) : undefined;
      if (!type) throw new HttpError(415, `"${file.name}" is not ${ALLOWED_TYPES_TEXT}.`);
      return { name: safeFileName(file.name, type), mimetype: type.mimetype, data: file.data };
    });
    const session = req.session!;
    const saved = await saveFiles(files, { uid: session.uid, email: session.email });
    res.status(201).json({
      files: saved.map(({ name, url, mimetype, size }) => ({ name, url, mimetype, size })),
    });
  });

  // Public in the table: the handler itself asks for a session unless the link is signed.
  route(router, 'GET /files/uploads/:id', async (req, res) => {
    const id = req.params.id;
    const { exp, sig } = req.query;
    if (exp !== undefined || sig !== undefined) {
      const check = isFileId(id) ? await checkSignedLink(id, exp, sig) : 'invalid';
      if (check === 'expired') throw new HttpError(403, 'This file link has expired.');
      if (check === 'invalid') throw new HttpError(403, 'This file link is not valid.');
    } else if (!req.session) {
      throw new HttpError(401, 'Sign in required');
    }
    const file = isFileId(id) ? await readFile(id) : undefined;
    if (!file) throw new HttpError(404, NOT_FOUND);
    res.set(FILE_HEADERS);
    res.set('Content-Type', file.meta.mimetype);
    res.set('Content-Disposition', contentDisposition(file.meta.name, req.query.download === '1'));
    res.send(file.data);
  });
}
