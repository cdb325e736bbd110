// Uploaded files: the bytes in the file store at uploads/{id}, their metadata in files/{id}
// (name, mimetype, size, sha256, who uploaded them, when). The API serves each one at
// /api/files/uploads/{id}, behind the session or with a signed link; no bucket URL ever leaves
// the server.
import { createHash } from 'node:crypto';
import type { DocumentData } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { markRequestWrite } from '../../http/idempotency';
import { timestampNow } from '../../timestamps';
import { createFileStore } from '../../storage/create-file-store';
import type { FileStore } from '../../storage/file-store';
import { signedQuery } from './file-links';

export const FILES = 'files';
export const FILE_URL_PREFIX = '/api/files/uploads/';
const STORE_FOLDER = 'uploads';

/** An uploaded file as the API answers it (name, url, mimetype, size). */
export interface UploadedFile {
  _id: string;
  name: string;
  url: string;
  mimetype: string;
  size: number;
}

export interface FileMeta {
  name: string;
  mimetype: string;
  size: number;
  path: string;
}

export interface NewFile {
  name: string;
  mimetype: string;
  data: Buffer;
}

export const fileUrl = (id: string) => `${FILE_URL_PREFIX}${id}`;

const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isFileId(id: unknown): id is string {
  return typeof id === 'string' && FILE_ID.test(id);
}

/**
 * The id of one of our files that `url` names ('/api/files/uploads/abc', or an absolute URL
 * with that path and any host: the host is the reader's own), or undefined.
 */
export function fileIdFromUrl(url: string): string | undefined {
  let pathname = url.trim();
  if (/^https?:\/\//i.test(pathname)) {
    try {
      pathname = new URL(pathname).pathname;
    } catch {
      return undefined;
    }
  }
  if (!pathname.startsWith(FILE_URL_PREFIX)) return undefined;
  const id = pathname.slice(FILE_URL_PREFIX.length).split(/[?#]/)[0];
  return isFileId(id) ? id : undefined;
}

/** Saves the files' bytes, then their metadata in one batch; answers them in order. */
export async function saveFiles(
  files: readonly NewFile[],
  uploadedBy: { uid: string; email: string } | { source: string },
  store: FileStore = createFileStore(),
): Promise<UploadedFile[]> {
  const db = getDb();
  const saved: { id: string; meta: FileMeta & { sha256: string } }[] = [];
  for (const file of files) {
    const id = db.collection(FILES).doc().id;
    const path = `${STORE_FOLDER}/${id}`;
    await store.save(path, file.data, file.mimetype);
    saved.push({
      id,
      meta: {
        name: file.name,
        mimetype: file.mimetype,
        size: file.data.length,
        path,
        sha256: createHash('sha256').update(file.data).digest('hex'),
      },
    });
  }
  const batch = db.batch();
  markRequestWrite(batch);
  const at = timestampNow();
  for (const { id, meta } of saved)
    batch.create(db.collection(FILES).doc(id), { ...meta, uploadedBy, createdAt: at });
  await batch.commit();
  return saved.map(({ id, meta }) => ({
    _id: id,
    name: meta.name,
    url: fileUrl(id),
    mimetype: meta.mimetype,
    size: meta.size,
  }));
}

/** The stored file documents of these ids (one read for all), by id; the missing are absent. */
export async function readFileDocs(ids: readonly string[]): Promise<Map<string, DocumentData>> {
  if (ids.length === 0) return new Map();
  const db = getDb();
  const snapshots = await db.getAll(...ids.map((id) => db.collection(FILES).doc(id)));
  return new Map(snapshots.filter((s) => s.exists).map((s) => [s.id, s.data() ?? {}]));
}

export async function readFileMeta(id: string): Promise<FileMeta | undefined> {
  if (!isFileId(id)) return undefined;
  const snapshot = await getDb().collection(FILES).doc(id).get();
  const data = snapshot.data();
  if (!data || typeof data.path !== 'string') return undefined;
  return {
    name: typeof data.name === 'string' ? data.name : 'file',
    mimetype: typeof data.mimetype === 'string' ? data.mimetype : 'application/octet-stream',
    size: typeof data.size === 'number' ? data.size : 0,
    path: data.path,
  };
}

/** The file's metadata and bytes, or undefined when either is gone. */
export async function readFile(
  id: string,
  store: FileStore = createFileStore(),
): Promise<{ meta: FileMeta; data: Buffer } | undefined> {
  const meta = await readFileMeta(id);
  if (!meta) return undefined;
  const stored = await store.read(meta.path);
  return stored ? { meta, data: stored.data } : undefined;
}

/**
 * The origin outside readers (WhatsApp's media fetcher) reach this API at: PUBLIC_BASE_URL,
 * and only that. Request headers (Host, X-Forwarded-Host) are the caller's to choose, so a
 * signed link built from them could point anywhere.
 */
export function publicBaseUrl(): string | undefined {
  const configured = process.env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '');
  return configured && /^https?:\/\/[^/\s]+$/i.test(configured) ? configured : undefined;
}

/** An absolute, signed, expiring link to file `id` (for WhatsApp media). */
export async function signedFileUrl(baseUrl: string, id: string): Promise<string> {
  return `${baseUrl}${fileUrl(id)}?${await signedQuery(id)}`;
}
