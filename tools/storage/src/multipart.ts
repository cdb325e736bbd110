import { StorageError } from './errors.ts';

export interface Part {
  contentType: string | undefined;
  body: Buffer;
}

/**
 * The parts of a `multipart/related` body (RFC 2387), as a multipart upload sends them: the
 * object's metadata as JSON, then its bytes. Each part is `--boundary CRLF headers CRLF CRLF
 * body` and ends at `CRLF --boundary`; the last boundary is followed by `--`.
 */
export function multipartParts(contentTypeHeader: string | undefined, body: Buffer): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentTypeHeader ?? '')?.[1];
  if (!boundary) throw StorageError.invalid('Missing boundary in multipart/related Content-Type');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw StorageError.invalid('Multipart body has no boundary');
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    const headersEnd = body.indexOf('\r\n\r\n', at);
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd);
    if (headersEnd < 0 || next < 0) throw StorageError.invalid('Malformed multipart body');
    const headers = body.subarray(at, headersEnd).toString('latin1');
    parts.push({
      contentType: /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim(),
      body: body.subarray(headersEnd + 4, next),
    });
    at = next + 2;
  }
}
