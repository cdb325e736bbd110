import { describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiPath } from './api-client';
import { readStored, saveSession } from './storage';

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn<typeof fetch>(
    typeof response === 'function' ? response : async () => response,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function lastCall(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url, init: init ?? {}, headers: new Headers(init?.headers) };
}

describe('api client writes', () => {
  it('send an Idempotency-Key, new per call, and the same one on retries after a 503 or no answer', async () => {
    vi.useFakeTimers();
    try {
      const answers = [
        () => Promise.reject(new TypeError('Failed to fetch')),
        async () =>
          jsonResponse(503, { message: 'The database is unavailable; try again shortly' }),
        async () => jsonResponse(201, { _id: 'c1' }),
      ];
      const fetchMock = vi.fn<typeof fetch>(() => answers.shift()!());
      vi.stubGlobal('fetch', fetchMock);
      const created = api.post('/customers', { names: ['Ravi'] });
      await vi.runAllTimersAsync();
      await expect(created).resolves.toEqual({ _id: 'c1' });
      const keys = fetchMock.mock.calls.map(([, init]) =>
        new Headers(init?.headers).get('Idempotency-Key'),
      );
      expect(keys).toHaveLength(3);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(keys).size).toBe(1);

      stubFetch(jsonResponse(201, {}));
      const next = stubFetch(jsonResponse(201, {}));
      await api.post('/customers', { names: ['Meera'] });
      expect(lastCall(next).headers.get('Idempotency-Key')).not.toBe(keys[0]);
      // Reads carry no key and are not retried.
      const read = stubFetch(jsonResponse(503, {}));
      await expect(api.get('/customers')).rejects.toBeInstanceOf(ApiError);
      expect(read).toHaveBeenCalledTimes(1);
      expect(lastCall(read).headers.get('Idempotency-Key')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('api client', () => {
  it('calls /api with cookies and a Bearer header when a token is stored', async () => {
    saveSession({ token: 'tok-123', role: 'admin' });
    const fetchMock = stubFetch(jsonResponse(200, [{ _id: 'c1' }]));

    await expect(api.get('/customers')).resolves.toEqual([{ _id: 'c1' }]);

    const { url, init, headers } = lastCall(fetchMock);
    expect(url).toBe('/api/customers');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('sends no Authorization header without a stored token', async () => {
    const fetchMock = stubFetch(jsonResponse(200, {}));
    await api.get('/overview');
    expect(lastCall(fetchMock).headers.has('Authorization')).toBe(false);
  });

  it('sends JSON bodies as JSON', async () => {
    const fetchMock = stubFetch(jsonResponse(200, { token: 't', role: 'sales' }));
    await api.post('/auth/login', { email: 'a@b.c', password: 'pw' });
    const { init, headers } = lastCall(fetchMock);
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.c","password":"pw"}');
  });

  it('passes FormData through untouched, leaving the multipart header to the browser', async () => {
    const fetchMock = stubFetch(jsonResponse(200, { files: [] }));
    const form = new FormData();
    form.append('files', new Blob(['x']), 'a.pdf');
    await api.post('/uploads', form);
    const { init, headers } = lastCall(fetchMock);
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('leaves empty values out of the query string', async () => {
    const fetchMock = stubFetch(jsonResponse(200, []));
    await api.get('/entries', { query: { q: 'pump', name: '', channel: undefined, page: 2 } });
    expect(lastCall(fetchMock).url).toBe('/api/entries?q=pump&page=2');
  });

  it('downloads blobs', async () => {
    stubFetch(new Response('a,b\n1,2\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    const blob = await api.blob('/customers/export.csv');
    expect(blob.type).toBe('text/csv');
    await expect(blob.text()).resolves.toBe('a,b\n1,2\n');
  });

  it('fills a table path with each parameter as one encoded segment', async () => {
    const fetchMock = stubFetch(jsonResponse(200, {}));
    await api.post(apiPath('/customers/:id/conversation/read', { id: 'a/b c' }));
    expect(String(fetchMock.mock.calls[0][0])).toMatch(
      /\/api\/customers\/a%2Fb%20c\/conversation\/read$/,
    );
  });

  it('resolves undefined for an empty answer', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(api.delete(apiPath('/customers/:id', { id: 'c1' }))).resolves.toBeUndefined();
  });

  it('on a 401 clears token and role and still throws the server message', async () => {
    saveSession({ token: 'old', role: 'admin' });
    localStorage.setItem('userName', 'Asha');
    stubFetch(jsonResponse(401, { message: 'Session expired' }));

    const error = await api.get('/customers').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Session expired' });
    expect(readStored('token')).toBeNull();
    expect(readStored('role')).toBeNull();
    expect(readStored('userName')).toBe('Asha');
  });

  it("uses the caller's fallback when the server sends no message", async () => {
    saveSession({ token: 'tok', role: 'sales' });
    stubFetch(jsonResponse(500, { error: 'internal' }));

    await expect(
      api.post('/auth/login', { email: 'a', password: 'b' }, { fallbackMessage: 'Login failed' }),
    ).rejects.toMatchObject({ name: 'ApiError', status: 500, message: 'Login failed' });
    expect(readStored('token')).toBe('tok');
  });

  it('uses the fallback for a non-JSON error body', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(
      api.get('/customers', { fallbackMessage: 'Failed to load customers' }),
    ).rejects.toMatchObject({ status: 502, message: 'Failed to load customers' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(
      api.get('/overview', { fallbackMessage: 'Failed to load dashboard' }),
    ).rejects.toMatchObject({ status: 0, message: 'Failed to load dashboard' });
  });
});
