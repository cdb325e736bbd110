import { vi } from 'vitest';
import type { Customer } from '../api/types';

export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Reply = Response | { status?: number; body?: unknown };
type Handler = (call: ApiCall) => Reply | Promise<Reply>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs fetch with routes keyed 'METHOD /path' (path without /api and query). Unknown routes
 * answer 404. Every call is recorded, its JSON body parsed.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const handler =
      routes[`${method} ${path}`] ??
      Object.entries(routes).find(([key]) => {
        const [m, pattern] = key.split(' ');
        return m === method && pattern.includes(':') && matches(pattern, path);
      })?.[1];
    if (!handler) return json(404, { message: `No mock for ${method} ${path}` });
    const reply = await handler(call);
    return reply instanceof Response ? reply : json(reply.status ?? 200, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  const find = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { calls, fetchMock, find };
}

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}

let nextId = 1;

export function customer(overrides: Partial<Customer> = {}): Customer {
  const id = overrides._id ?? `c${nextId++}`;
  return {
    _id: id,
    names: [`Customer ${id}`],
    phones: [],
    emails: [],
    categories: [],
    potential: '',
    note: '',
    createdAt: '2025-01-05T10:00:00.000Z',
    updatedAt: '2025-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export const page = (
  items: Customer[],
  total = items.length,
  nextCursor: string | null = null,
) => ({
  body: { items, nextCursor, total },
});

export { stubPhoneWidth } from '../../../test/mock-api';

/** Captures downloads: the blob and file name of each link click on an object URL. */
export function captureDownloads() {
  const blobs = new Map<string, Blob>();
  const downloads: { name: string; blob: Blob }[] = [];
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${n++}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) downloads.push({ name: this.download, blob });
  });
  return downloads;
}
