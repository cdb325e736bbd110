import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StorageError } from './errors.ts';
import { crc32c, md5 } from './hashes.ts';
import { multipartParts } from './multipart.ts';
import { ObjectStore, type Preconditions, type StoredObject } from './object-store.ts';

/** Larger bodies are refused with 413; the product's files are a few megabytes. */
const MAX_BODY_BYTES = 512 * 1024 * 1024;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export interface StorageServerOptions {
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /** Keep the objects durably in this folder; without it they last as long as the server. */
  dataDir?: string;
}

export interface StorageServer {
  /** host:port, for FIREBASE_STORAGE_EMULATOR_HOST. */
  host: string;
  /** http://host:port, for STORAGE_EMULATOR_HOST. */
  url: string;
  close(): Promise<void>;
}

/** An upload session (uploadType=resumable): the bytes so far, until the last one arrives. */
interface ResumableUpload {
  bucket: string;
  name: string;
  contentType: string;
  metadata?: Record<string, string>;
  conditions: Preconditions;
  chunks: Buffer[];
  received: number;
  finished?: StoredObject;
}

/**
 * The part of the Cloud Storage JSON API v1 that `@google-cloud/storage` uses for uploads
 * (media, multipart, resumable), object metadata, downloads (whole, by generation, ranges),
 * deletes and listings, at the paths the client builds with STORAGE_EMULATOR_HOST (both
 * `/b/…` and `/storage/v1/b/…`), answering errors as Cloud Storage does.
 */
export async function startStorageServer(options: StorageServerOptions): Promise<StorageServer> {
  const store = await ObjectStore.open(options.dataDir);
  const uploads = new Map<string, ResumableUpload>();
  const server = createServer((req, res) => {
    handle(store, uploads, req, res).catch((error: unknown) => {
      const failure =
        error instanceof StorageError
          ? error
          : new StorageError(500, 'backendError', (error as Error).message);
      if (res.headersSent) res.destroy();
      else if (failure.status === 304) res.writeHead(304).end();
      else sendJson(res, failure.status, failure.body);
    });
  });
  // Clients keep connections open between calls; closing an idle one just as the client reuses
  // it resets that call. Google's front ends keep them far longer than Node's default 5 s.
  server.keepAliveTimeout = 620_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    host: `${host}:${port}`,
    url: `http://${host}:${port}`,
    close: async () => {
      await closeServer(server);
      await store.close();
    },
  };
}

async function handle(
  store: ObjectStore,
  uploads: Map<string, ResumableUpload>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://storage');
  const query = url.searchParams;
  const route = routeOf(url.pathname);
  if (req.method === 'GET' && url.pathname === '/') return sendText(res, 200, 'Ok');
  if (!route) throw new StorageError(404, 'notFound', `Not Found: ${url.pathname}`);
  const { kind, bucket, object } = route;

  if (kind === 'upload' && object === undefined) {
    if (req.method === 'POST') return startUpload(store, uploads, req, res, bucket, query);
    if (req.method === 'PUT') return continueUpload(store, uploads, req, res, query);
  }
  if (kind === 'json' && object === undefined && req.method === 'GET') {
    if (route.objects) return sendJson(res, 200, listing(store, bucket, query, req));
    return sendJson(res, 200, { kind: 'storage#bucket', id: bucket, name: bucket });
  }
  if (object !== undefined && (req.method === 'GET' || req.method === 'HEAD')) {
    const found = store.get(bucket, object, query.get('generation') ?? undefined);
    checkReadConditions(found, preconditions(query));
    if (kind === 'download' || query.get('alt') === 'media')
      return sendMedia(store, found, req, res);
    return sendJson(res, 200, resource(found, req));
  }
  if (object !== undefined && req.method === 'DELETE') {
    const generation = query.get('generation') ?? undefined;
    await store.delete(bucket, object, { ...preconditions(query), generation });
    res.writeHead(204).end();
    return;
  }
  throw new StorageError(405, 'methodNotAllowed', `${req.method} ${url.pathname} is not served`);
}

interface Route {
  kind: 'json' | 'upload' | 'download';
  bucket: string;
  objects: boolean;
  object?: string;
}

/** `/[storage/v1/]b/{bucket}[/o[/{object}]]`, `/upload/storage/v1/b/…`, `/download/storage/v1/b/…`. */
function routeOf(pathname: string): Route | undefined {
  const match = /^(\/upload|\/download)?(?:\/storage\/v1)?\/b\/([^/]+)(\/o(?:\/(.+))?)?\/?$/.exec(
    pathname,
  );
  if (!match) return undefined;
  const kind = match[1] === '/upload' ? 'upload' : match[1] === '/download' ? 'download' : 'json';
  return {
    kind,
    bucket: decodeURIComponent(match[2]!),
    objects: match[3] !== undefined,
    ...(match[4] !== undefined && { object: decodeURIComponent(match[4]) }),
  };
}

async function startUpload(
  store: ObjectStore,
  uploads: Map<string, ResumableUpload>,
  req: IncomingMessage,
  res: ServerResponse,
  bucket: string,
  query: URLSearchParams,
): Promise<void> {
  const body = await readBody(req);
  const conditions = preconditions(query);
  const uploadType = query.get('uploadType') ?? 'media';
  if (uploadType === 'resumable') {
    const meta = body.length > 0 ? objectMetadata(body) : {};
    const name = query.get('name') ?? meta.name;
    if (!name) throw StorageError.invalid('Required: an object name');
    const id = randomUUID().replaceAll('-', '');
    uploads.set(id, {
      bucket,
      name,
      contentType:
        headerOf(req, 'x-upload-content-type') ?? meta.contentType ?? DEFAULT_CONTENT_TYPE,
      ...(meta.metadata && { metadata: meta.metadata }),
      conditions,
      chunks: [],
      received: 0,
    });
    const location = new URL(`/upload/storage/v1/b/${encodeURIComponent(bucket)}/o`, origin(req));
    location.search = new URLSearchParams({ uploadType, name, upload_id: id }).toString();
    res.writeHead(200, { Location: location.toString(), 'Content-Length': 0 }).end();
    return;
  }
  if (uploadType === 'multipart') {
    const [metaPart, dataPart] = multipartParts(headerOf(req, 'content-type'), body);
    if (!metaPart || !dataPart) throw StorageError.invalid('A multipart upload has two parts');
    const meta = objectMetadata(metaPart.body);
    const name = query.get('name') ?? meta.name;
    if (!name) throw StorageError.invalid('Required: an object name');
    checkHashes(dataPart.body, meta.md5Hash, meta.crc32c);
    const contentType = meta.contentType ?? dataPart.contentType ?? DEFAULT_CONTENT_TYPE;
    const object = await store.put(
      { bucket, name, data: dataPart.body, contentType, metadata: meta.metadata },
      conditions,
    );
    return sendJson(res, 200, resource(object, req));
  }
  if (uploadType !== 'media') throw StorageError.invalid(`Invalid upload type: ${uploadType}`);
  const name = query.get('name');
  if (!name) throw StorageError.invalid('Required: an object name');
  const contentType = headerOf(req, 'content-type') ?? DEFAULT_CONTENT_TYPE;
  const object = await store.put({ bucket, name, data: body, contentType }, conditions);
  sendJson(res, 200, resource(object, req));
}

/**
 * A PUT to a session: `Content-Range: bytes a-b/total` adds a chunk (308 with the bytes held
 * so far until the total arrives), `bytes a-*\/total` or no range sends the rest in this
 * request, `bytes *\/total` asks how far the session got.
 */
async function continueUpload(
  store: ObjectStore,
  uploads: Map<string, ResumableUpload>,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<void> {
  const upload = uploads.get(query.get('upload_id') ?? '');
  if (!upload) throw new StorageError(404, 'notFound', 'No such upload session');
  const body = await readBody(req);
  if (upload.finished) return sendJson(res, 200, resource(upload.finished, req));
  const range = /^bytes (\*|(\d+)-(\d+|\*))\/(\d+|\*)$/.exec(headerOf(req, 'content-range') ?? '');
  const total = range?.[4] === undefined || range[4] === '*' ? undefined : Number(range[4]);
  if (range && range[1] !== '*') {
    const start = Number(range[2]);
    if (start > upload.received)
      throw StorageError.invalid(`Upload chunk starts at ${start}; ${upload.received} received`);
    // A client resending bytes the session already has: keep only the new ones.
    const fresh = body.subarray(upload.received - start);
    upload.chunks.push(fresh);
    upload.received += fresh.length;
  } else if (!range) {
    upload.chunks.push(body);
    upload.received += body.length;
  }
  const complete = total !== undefined ? upload.received >= total : !range || range[3] === '*';
  if (!complete) {
    const held = upload.received > 0 ? { Range: `bytes=0-${upload.received - 1}` } : {};
    res.writeHead(308, { ...held, 'Content-Length': 0 }).end();
    return;
  }
  const data = Buffer.concat(upload.chunks);
  const hashes = hashesIn(headerOf(req, 'x-goog-hash'));
  checkHashes(data, hashes.md5, hashes.crc32c);
  const { bucket, name, contentType, metadata, conditions } = upload;
  upload.finished = await store.put({ bucket, name, data, contentType, metadata }, conditions);
  upload.chunks = [];
  sendJson(res, 200, resource(upload.finished, req));
}

function listing(store: ObjectStore, bucket: string, query: URLSearchParams, req: IncomingMessage) {
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  const maxResults = Math.min(Number(query.get('maxResults') ?? 1000) || 1000, 1000);
  const after = query.get('pageToken')
    ? Buffer.from(query.get('pageToken')!, 'base64url').toString()
    : undefined;
  const items: StoredObject[] = [];
  const prefixes = new Set<string>();
  let nextPageToken: string | undefined;
  for (const object of store.list(bucket, prefix)) {
    if (after !== undefined && Buffer.compare(Buffer.from(object.name), Buffer.from(after)) <= 0)
      continue;
    const rest = object.name.slice(prefix.length);
    const cut = delimiter ? rest.indexOf(delimiter) : -1;
    if (cut >= 0) {
      prefixes.add(prefix + rest.slice(0, cut + delimiter.length));
      continue;
    }
    if (items.length === maxResults) {
      nextPageToken = Buffer.from(items.at(-1)!.name).toString('base64url');
      break;
    }
    items.push(object);
  }
  return {
    kind: 'storage#objects',
    ...(items.length > 0 && { items: items.map((object) => resource(object, req)) }),
    ...(prefixes.size > 0 && { prefixes: [...prefixes] }),
    ...(nextPageToken && { nextPageToken }),
  };
}

/** The object resource of the JSON API. */
function resource(object: StoredObject, req: IncomingMessage) {
  const base = origin(req);
  const path = `b/${encodeURIComponent(object.bucket)}/o/${encodeURIComponent(object.name)}`;
  return {
    kind: 'storage#object',
    id: `${object.bucket}/${object.name}/${object.generation}`,
    selfLink: `${base}/storage/v1/${path}`,
    mediaLink: `${base}/download/storage/v1/${path}?generation=${object.generation}&alt=media`,
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: object.metageneration,
    contentType: object.contentType,
    storageClass: 'STANDARD',
    size: String(object.size),
    md5Hash: object.md5Hash,
    crc32c: object.crc32c,
    etag: etag(object),
    timeCreated: object.timeCreated,
    updated: object.updated,
    timeStorageClassUpdated: object.timeCreated,
    ...(object.metadata && { metadata: object.metadata }),
  };
}

async function sendMedia(
  store: ObjectStore,
  object: StoredObject,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const data = await store.read(object);
  const headers: Record<string, string | number> = {
    'Content-Type': object.contentType,
    ETag: etag(object),
    'x-goog-generation': object.generation,
    'x-goog-metageneration': object.metageneration,
    'x-goog-stored-content-encoding': 'identity',
    'x-goog-stored-content-length': object.size,
    'x-goog-hash': `crc32c=${object.crc32c},md5=${object.md5Hash}`,
    'Accept-Ranges': 'bytes',
  };
  const range = byteRange(headerOf(req, 'range'), data.length);
  if (!range) {
    res.writeHead(200, { ...headers, 'Content-Length': data.length });
    res.end(req.method === 'HEAD' ? undefined : data);
    return;
  }
  const [start, end] = range;
  res.writeHead(206, {
    ...headers,
    'Content-Range': `bytes ${start}-${end}/${data.length}`,
    'Content-Length': end - start + 1,
  });
  res.end(req.method === 'HEAD' ? undefined : data.subarray(start, end + 1));
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`, as inclusive offsets; 416 past the end. */
function byteRange(header: string | undefined, size: number): [number, number] | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [start, end] =
    match[1] === ''
      ? [Math.max(0, size - Number(match[2])), size - 1]
      : [Number(match[1]), match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)];
  if (start >= size || start > end)
    throw new StorageError(
      416,
      'requestedRangeNotSatisfiable',
      'The requested range cannot be satisfied.',
    );
  return [start, end];
}

interface ObjectMetadata {
  name?: string;
  contentType?: string;
  metadata?: Record<string, string>;
  md5Hash?: string;
  crc32c?: string;
}

function objectMetadata(json: Buffer): ObjectMetadata {
  try {
    const parsed = JSON.parse(json.toString('utf8')) as unknown;
    if (parsed === null || typeof parsed !== 'object') throw new Error('not an object');
    const { name, contentType, metadata, md5Hash, crc32c } = parsed as Record<string, unknown>;
    return {
      ...(typeof name === 'string' && { name }),
      ...(typeof contentType === 'string' && { contentType }),
      ...(metadata !== null &&
        typeof metadata === 'object' && {
          metadata: Object.fromEntries(
            Object.entries(metadata).map(([key, value]) => [key, String(value)]),
          ),
        }),
      ...(typeof md5Hash === 'string' && { md5Hash }),
      ...(typeof crc32c === 'string' && { crc32c }),
    };
  } catch {
    throw StorageError.invalid('Metadata part is not a JSON object');
  }
}

/** `x-goog-hash: crc32c=…,md5=…` (the resumable upload's last chunk carries it). */
function hashesIn(header: string | undefined): { md5?: string; crc32c?: string } {
  const hashes: { md5?: string; crc32c?: string } = {};
  for (const pair of (header ?? '').split(',')) {
    const at = pair.indexOf('=');
    const kind = pair.slice(0, at).trim();
    if (kind === 'md5' || kind === 'crc32c') hashes[kind] = pair.slice(at + 1).trim();
  }
  return hashes;
}

/** Cloud Storage refuses an upload whose bytes do not match the checksums sent with it. */
function checkHashes(data: Buffer, expectedMd5?: string, expectedCrc32c?: string): void {
  if (expectedMd5 !== undefined && expectedMd5 !== md5(data))
    throw StorageError.invalid(
      `Provided MD5 hash "${expectedMd5}" doesn't match calculated MD5 hash "${md5(data)}".`,
    );
  if (expectedCrc32c !== undefined && expectedCrc32c !== crc32c(data))
    throw StorageError.invalid(
      `Provided CRC32C "${expectedCrc32c}" doesn't match calculated CRC32C "${crc32c(data)}".`,
    );
}

function preconditions(query: URLSearchParams): Preconditions {
  const names = [
    'ifGenerationMatch',
    'ifGenerationNotMatch',
    'ifMetagenerationMatch',
    'ifMetagenerationNotMatch',
  ] as const;
  return Object.fromEntries(
    names.flatMap((name) => (query.has(name) ? [[name, query.get(name)!]] : [])),
  ) as Preconditions;
}

/** On reads a failed "match" is 412 and a failed "not match" 304, as Cloud Storage answers. */
function checkReadConditions(object: StoredObject, conditions: Preconditions): void {
  if (
    (conditions.ifGenerationMatch !== undefined &&
      conditions.ifGenerationMatch !== object.generation) ||
    (conditions.ifMetagenerationMatch !== undefined &&
      conditions.ifMetagenerationMatch !== object.metageneration)
  )
    throw StorageError.conditionNotMet();
  if (
    conditions.ifGenerationNotMatch === object.generation ||
    conditions.ifMetagenerationNotMatch === object.metageneration
  )
    throw new StorageError(304, 'notModified', 'Not Modified');
}

function etag(object: StoredObject): string {
  return Buffer.from(`${object.generation}/${object.metageneration}`).toString('base64');
}

function origin(req: IncomingMessage): string {
  return `http://${req.headers.host ?? '127.0.0.1'}`;
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      throw new StorageError(413, 'uploadTooLarge', 'The upload is larger than this server takes');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(json),
  });
  res.end(json);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain' }).end(text);
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
