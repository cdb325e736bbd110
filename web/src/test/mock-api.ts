import { vi } from 'vitest';

export type ApiCall = { method: string; path: string; body: unknown; headers: Headers };
type Handler = (call: ApiCall) => unknown;

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

/**
 * Stubs fetch with routes keyed 'METHOD /path' (without /api; with or without the query string).
 * A route's value is the JSON answer, a Response, or a function of the call returning either
 * (or a promise of one). Unknown routes answer 404. `calls` records every request.
 */
export function mockApi(routes: Record<string, unknown>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '') + url.search;
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call = {
      method,
      path,
      body: text ? JSON.parse(text) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route =
      routes[`${method} ${path}`] ?? routes[`${method} ${url.pathname.replace(/^\/api/, '')}`];
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
