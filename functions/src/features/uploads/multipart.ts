// POST /uploads reads its files with busboy: at most MAX_FILES files of at most MAX_FILE_BYTES
// each. The Cloud Functions runtime and the functions emulator have already read the body into
// req.rawBody, so busboy is fed from there when present, else from the request stream.
import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError } from '../../http/errors';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES = 10;

export interface ReceivedFile {
  name: string;
  data: Buffer;
}

const notMultipart = () =>
  new HttpError(400, 'Send the files as multipart/form-data (field "files").');
export const tooManyFiles = () => new HttpError(413, `At most ${MAX_FILES} files per upload.`);
const tooLarge = (name: string) =>
  new HttpError(
    413,
    `"${name}" is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB (the limit per file).`,
  );

export function readMultipartFiles(req: Request): Promise<ReceivedFile[]> {
  if (!req.is('multipart/form-data')) throw notMultipart();
  return new Promise((resolve, reject) => {
    let upload: busboy.Busboy;
    try {
      upload = busboy({
        headers: req.headers,
        // Browsers send a file's name as UTF-8 bytes; busboy would read them as Latin-1.
        defParamCharset: 'utf8',
        limits: { files: MAX_FILES, fileSize: MAX_FILE_BYTES, fields: 50, parts: 100 },
      });
    } catch {
      reject(notMultipart());
      return;
    }
    const files: ReceivedFile[] = [];
    let failure: HttpError | undefined;
    const fail = (error: HttpError) => {
      failure ??= error;
    };
    upload.on('file', (_field, stream, info) => {
      const name = info.filename || 'file';
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!failure) chunks.push(chunk);
      });
      stream.on('limit', () => fail(tooLarge(name)));
      stream.on('end', () => {
        if (!failure) files.push({ name, data: Buffer.concat(chunks) });
      });
    });
    upload.on('filesLimit', () => fail(tooManyFiles()));
    upload.on('close', () => {
      if (failure) reject(failure);
      else if (files.length === 0) reject(new HttpError(400, 'No file was sent.'));
      else resolve(files);
    });
    upload.on('error', () => reject(notMultipart()));
    const rawBody: unknown = (req as { rawBody?: unknown }).rawBody;
    if (Buffer.isBuffer(rawBody)) upload.end(rawBody);
    else req.pipe(upload);
  });
}
