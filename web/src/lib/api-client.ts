import type { FileAnswer, MultipartBody, RouteAnswer, RouteBody } from '@contract/route-types';
import type { HttpMethod, RouteKey } from '@contract/routes';
import type { CallPath, FilledPath } from './api-path';
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

/** The route table's key of a call to `path` with `method`: 'GET /customers/:id'. */
type CallKey<M extends HttpMethod, C> = `${Uppercase<M>} ${PatternOf<C>}` & RouteKey;

/** The table's pattern of a path: itself, or the one apiPath() filled in. */
type PatternOf<C> = C extends FilledPath<infer P> ? P : C extends string ? C : never;

/** What a call to `path` with `method` answers (contract/route-types.ts). */
export type CallAnswer<M extends HttpMethod, C> = RouteAnswer<CallKey<M, C>>;

/** A route's body as the client sends it: FormData for a multipart upload. */
type WireBody<B> = B extends MultipartBody ? FormData : B;

/** A write's body and options: the body may be left out when the route takes none or any. */
type BodyArgs<M extends HttpMethod, C> =
  RouteBody<CallKey<M, C>> extends infer B
    ? undefined extends B
      ? [body?: WireBody<B> | Record<string, never>, options?: CallOptions]
      : [body: WireBody<B>, options?: CallOptions]
    : never;

/** The table's GET patterns that answer a file (api.blob), and those that answer JSON. */
type FilePattern = {
  [K in RouteKey]: K extends `GET ${infer P}`
    ? RouteAnswer<K> extends FileAnswer
      ? P
      : never
    : never;
}[RouteKey];
type FilePath = Extract<CallPath<'get'>, FilePattern> | FilledPath<FilePattern>;
type JsonPath<M extends HttpMethod> = Exclude<CallPath<M>, FilePath>;

/**
 * The answer of a GET sent before the client ran (the page's first script, app/boot/), read as
 * any call's: a 401 clears the session, a failure is an ApiError with the server's message.
 * `path` is the one it was sent to (its answer's type).
 */
export async function apiAnswer<P extends JsonPath<'get'>>(
  _path: P,
  sent: Promise<Response>,
  options: CallOptions = {},
): Promise<CallAnswer<'get', P>> {
  type T = CallAnswer<'get', P>;
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
 * and answers (and takes as its body) what contract/route-types.ts says that route does, so a
 * call to a route the server does not have, with another method, or expecting another answer
 * or sending another body, fails to compile.
 */
export const api = {
  get: <P extends JsonPath<'get'>>(path: P, options?: CallOptions) =>
    apiRequest<CallAnswer<'get', P>>(path, options),
  post: <P extends JsonPath<'post'>>(path: P, ...[body, options]: BodyArgs<'post', P>) =>
    apiRequest<CallAnswer<'post', P>>(path, { ...options, method: 'POST', body }),
  put: <P extends JsonPath<'put'>>(path: P, ...[body, options]: BodyArgs<'put', P>) =>
    apiRequest<CallAnswer<'put', P>>(path, { ...options, method: 'PUT', body }),
  patch: <P extends JsonPath<'patch'>>(path: P, ...[body, options]: BodyArgs<'patch', P>) =>
    apiRequest<CallAnswer<'patch', P>>(path, { ...options, method: 'PATCH', body }),
  delete: <P extends JsonPath<'delete'>>(path: P, options?: CallOptions) =>
    apiRequest<CallAnswer<'delete', P>>(path, { ...options, method: 'DELETE' }),
  /** A file download (e.g. /customers/export.csv): the routes answering a FileAnswer. */
  blob: (path: FilePath, options?: Omit<CallOptions, 'responseType'>) =>
    apiRequest<Blob>(path, { ...options, responseType: 'blob' }),
};

/** What to show for a failed call: the server's message (ApiError), the error's own, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() ? error.message : fallback;
}
