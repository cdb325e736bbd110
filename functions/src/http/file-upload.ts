// A file uploaded as multipart/form-data in the field "file", handed to `read` as it arrives.
// The Cloud Functions runtime and the functions emulator have already read the body into
// req.rawBody, so it is read from there when present, else from the request stream.
import busboy from 'busboy';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import { HttpError } from './errors';

/** What `read` makes of the file; 400 for an upload without one or not multipart. */
export function readUploadedFile<T>(
  req: Request,
  maxBytes: number,
  read: (file: Readable) => Promise<T>,
  what = 'the CSV file',
): Promise<T> {
  if (!req.is('multipart/form-data'))
    throw new HttpError(400, `Send ${what} as multipart/form-data in the field "file".`);
  return new Promise((resolve, reject) => {
    let upload: busboy.Busboy;
    try {
      upload = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: maxBytes, fields: 20, parts: 30 },
      });
    } catch {
      reject(new HttpError(400, 'The upload is not valid multipart/form-data.'));
      return;
    }
    let reading: Promise<T> | undefined;
    upload.on('file', (name, file) => {
      if (name !== 'file' || reading) {
        file.resume();
        return;
      }
      reading = read(file);
      // Settled when the upload closes.
      reading.catch(() => undefined);
    });
    upload.on('close', () => {
      if (reading) reading.then(resolve, reject);
      else reject(new HttpError(400, 'No file was sent (expected in the field "file").'));
    });
    upload.on('error', () =>
      reject(new HttpError(400, 'The upload is not valid multipart/form-data.')),
    );
    const rawBody: unknown = (req as { rawBody?: unknown }).rawBody;
    if (Buffer.isBuffer(rawBody)) upload.end(rawBody);
    else req.pipe(upload);
  });
}
