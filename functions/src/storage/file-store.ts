// Where uploaded and generated files live: Cloud Storage (in production, and locally the
// Cloud Storage JSON API of tools/storage). Paths are checked before any call.

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

export interface FileStore {
  /** Creates or replaces the file at `path`. */
  save(path: string, data: Buffer, contentType: string): Promise<void>;
  /** The file at `path`, or null when there is none. */
  read(path: string): Promise<StoredFile | null>;
  /** Deletes the file at `path`; nothing happens when there is none. */
  remove(path: string): Promise<void>;
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

const MAX_PATH_BYTES = 1024; // Cloud Storage's limit on object names

/**
 * The segments of a relative path like 'uploads/2024/abc.pdf'. Refuses absolute paths, empty,
 * '.' and '..' segments, backslashes and control characters, and segments starting with '.'
 * (hidden names: none of the product's paths has one, so such a path is a mistake or an attack).
 */
export function pathSegments(path: string): string[] {
  const segments = path.split('/');
  const bad =
    path.length === 0 ||
    Buffer.byteLength(path) > MAX_PATH_BYTES ||
    [...path].some(isBackslashOrControl) ||
    segments.some((segment) => segment === '' || segment.startsWith('.'));
  if (bad) throw new Error(`Invalid file path: ${JSON.stringify(path)}`);
  return segments;
}

function isBackslashOrControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return char === '\\' || code < 0x20 || code === 0x7f;
}
