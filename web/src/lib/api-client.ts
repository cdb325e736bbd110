import { clearSession, getToken } from './storage';

export const API_BASE = '/api';
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

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

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

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function buildInit({ method = 'GET', body, signal }: RequestOptions): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

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

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const fallback = options.fallbackMessage ?? DEFAULT_FALLBACK;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), buildInit(options));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, fallback, undefined, { cause: error });
  }

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

/** The one client every feature calls; paths are relative to /api. */
export const api = {
  get: <T>(path: string, options?: CallOptions) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: CallOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** A file download (e.g. /customers/export.csv). */
  blob: (path: string, options?: Omit<CallOptions, 'responseType'>) =>
    apiRequest<Blob>(path, { ...options, responseType: 'blob' }),
};

/** What to show for a failed call: the server's message (ApiError), the error's own, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() ? error.message : fallback;
}
