import { vi } from 'vitest';

export type ApiCall = {
  method: string;
  /** The path without /api, with its query string. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};
type Handler = (call: ApiCall) => unknown;
/** A route's answer: JSON, a Response, or a function of the call giving either. */
export type Route = Handler | object | string | number | boolean | null;

/** A JSON answer with a status. */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A promise to resolve by hand (e.g. to look at a busy state while a call is under way). */
export function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Whether a route path such as '/customers/:id' names `path` (without its query string). */
function routeMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i])
  );
}

/**
 * Stubs fetch with routes keyed 'METHOD /path' (without /api; with or without the query string;
 * ':name' matches any one segment). A route's value is the JSON answer, a Response, or a
 * function of the call returning either (or a promise of one). Unknown routes answer 404.
 * `calls` records every request, its JSON body parsed.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const bare = url.pathname.replace(/^\/api/, '');
    const path = bare + url.search;
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call = {
      method,
      path,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route =
      routes[`${method} ${path}`] ??
      routes[`${method} ${bare}`] ??
      Object.entries(routes).find(([key]) => {
        const [routeMethod, pattern = ''] = key.split(' ');
        return routeMethod === method && pattern.includes(':') && routeMatches(pattern, bare);
      })?.[1];
    if (route === undefined) return jsonResponse(404, { message: 'Not found' });
    const answer = typeof route === 'function' ? await (route as Handler)(call) : route;
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** The calls to one route, e.g. 'POST /auth/login'. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
    /** The calls of a method to a path, whatever their query strings. */
    find: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path.split('?')[0] === path),
  };
}

/** Pretends the viewport is narrower than 768 px (the phone breakpoint). */
export function stubPhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('768px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
