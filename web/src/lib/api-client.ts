import type { HttpMethod } from '@contract/routes';
import type { CallPath } from './api-path';
import { buildUrl, type QueryParams } from './api-url';
import { clearSession, getToken } from './storage';

export { apiPath } from './api-path';
export { buildUrl, type QueryParams } from './api-url';
const DEFAULT_FALLBACK = 'Request failed';

/** A failed call: `message` is the server's message when it sent one, else the caller's fallback. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** FormData is sent as is (multipart); anything else as JSON. */
  body?: unknown;
  /** Empty values are left out of the query string. */
  query?: QueryParams;
  /** The error message when the server sends none (the fallbacks per status). */
  fallbackMessage?: string;
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
};

/**
 * A write (POST, PUT, PATCH, DELETE) carries an Idempotency-Key, new for each call (one submit)
 * and the same on its retries: when the answer is lost or the database is briefly away (503,
 * or no answer at all), the call is sent again up to RETRY_DELAYS_MS.length times, and the
 * server carries it out at most once whatever happened to the first.
 */
const RETRY_DELAYS_MS = [1_000, 3_000];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

function buildInit(
  { method = 'GET', body, signal }: RequestOptions,
  idempotencyKey?: string,
): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  return { method, headers, body: payload, credentials: 'include', signal };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!response.headers.get('Content-Type')?.includes('json')) return text;
  return JSON.parse(text);
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const { message } = body;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/** Sends the call, and a write again with its key after a 503 or no answer. */
async function send(
  path: CallPath<HttpMethod>,
  options: RequestOptions,
  fallback: string,
): Promise<Response> {
  const key = WRITE_METHODS.has(options.method ?? 'GET') ? newIdempotencyKey() : undefined;
  for (let attempt = 0; ; attempt++) {
    const retry = key !== undefined && attempt < RETRY_DELAYS_MS.length;
    try {
      const response = await fetch(buildUrl(path, options.query), buildInit(options, key));
      if (response.status !== 503 || !retry) return response;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      if (!retry) throw new ApiError(0, fallback, undefined, { cause: error });
    }
    await wait(RETRY_DELAYS_MS[attempt], options.signal);
  }
}

async function apiRequest<T>(path: CallPath<HttpMethod>, options: RequestOptions = {}): Promise<T> {
  const fallback = options.fallbackMessage ?? DEFAULT_FALLBACK;
  return readAnswer<T>(await send(path, options, fallback), options, fallback);
}

/**
 * The answer of a GET sent before the client ran (the page's first script, app/boot/), read as
 * any call's: a 401 clears the session, a failure is an ApiError with the server's message.
 */
export async function apiAnswer<T>(sent: Promise<Response>, options: CallOptions = {}): Promise<T> {
  const fallback = options.fallbackMessage ?? DEFAULT_FALLBACK;
  let response: Response;
  try {
    response = await sent;
  } catch (error) {
    throw new ApiError(0, fallback, undefined, { cause: error });
  }
  return readAnswer<T>(response, options, fallback);
}

async function readAnswer<T>(
  response: Response,
  options: RequestOptions,
  fallback: string,
): Promise<T> {
  if (response.status === 401) clearSession();

  if (!response.ok) {
    const body = await readBody(response).catch(() => undefined);
    throw new ApiError(response.status, serverMessage(body) ?? fallback, body);
  }

  try {
    if (options.responseType === 'blob') return (await response.blob()) as T;
    return (await readBody(response)) as T;
  } catch (error) {
    throw new ApiError(response.status, fallback, undefined, { cause: error });
  }
}

/**
 * The one client every feature calls; paths are relative to /api. Each method takes only the
 * paths the route table (@contract/routes) holds for it, as they are or filled in by apiPath(),
 * so a call to a route the server does not have, or with another method, fails to compile.
 */
export const api = {
  get: <T>(path: CallPath<'get'>, options?: CallOptions) => apiRequest<T>(path, options),
  post: <T>(path: CallPath<'post'>, body?: unknown, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: CallPath<'put'>, body?: unknown, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: CallPath<'patch'>, body?: unknown, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: CallPath<'delete'>, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** A file download (e.g. /customers/export.csv). */
  blob: (path: CallPath<'get'>, options?: Omit<CallOptions, 'responseType'>) =>
    apiRequest<Blob>(path, { ...options, responseType: 'blob' }),
};

/** What to show for a failed call: the server's message (ApiError), the error's own, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() ? error.message : fallback;
}
