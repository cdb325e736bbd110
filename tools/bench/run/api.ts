// The bench's calls to the stack's /api, as the browser makes them (bearer session token).
export interface ApiAnswer {
  status: number;
  /** Bytes of the answer's body (read to its end, so the time covers the whole answer). */
  bytes: number;
  text: string;
}

export interface Api {
  call(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  /** Same, and throws unless the answer is 2xx. */
  ok(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
}

const KEEP_TEXT = 200_000;

export function apiClient(baseUrl: string, token?: string): Api {
  const call = async (method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${baseUrl}/api${path}`, { method, headers, body: payload });
    const buffer = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      bytes: buffer.length,
      text: buffer.subarray(0, KEEP_TEXT).toString('utf8'),
    };
  };
  return {
    call,
    async ok(method, path, body) {
      const answer = await call(method, path, body);
      if (answer.status < 200 || answer.status >= 300)
        throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 500)}`);
      return answer;
    },
  };
}

/** Signs in with a password; the session token the browser would keep. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await apiClient(baseUrl).ok('POST', '/auth/login', { email, password });
  return (JSON.parse(answer.text) as { token: string }).token;
}
