// The bench's calls to the stack's /api, as the browser makes them (bearer session token).
import http from 'node:http';

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

/**
 * With a socket timeout, Node's agent closes an idle kept-alive socket a second before the
 * server's announced `Keep-Alive: timeout=5` (it takes the hint only when less than this);
 * without one it keeps the socket, and a call sent on it as the front closes it after 5 s of
 * quiet fails with ECONNRESET (seen on the first call after a pause of exactly 5 s).
 */
const IDLE_SOCKET_TIMEOUT_MS = 10 * 60_000;

/**
 * The bench's clients share the machine with the stack they measure, so their own CPU is taken
 * from it: JSON calls go through node:http over kept-alive connections, which costs about half
 * of what fetch (undici) does per call; a form (a CSV upload) still goes through fetch.
 */
const agent = new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_TIMEOUT_MS });

/**
 * One call over node:http: its status and whole answer. Also for calls whose answer may take
 * longer than the 5 minutes fetch waits for an answer's headers (scale/load.ts).
 */
export function httpCall(
  url: string,
  options: { method: string; headers: Record<string, string>; agent: http.Agent | false },
  payload?: string,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export function apiClient(baseUrl: string, token?: string): Api {
  const call = async (method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    const url = `${baseUrl}/api${path}`;
    let status: number;
    let buffer: Buffer;
    if (body instanceof FormData) {
      const res = await fetch(url, { method, headers, body });
      status = res.status;
      buffer = Buffer.from(await res.arrayBuffer());
    } else {
      let payload: string | undefined;
      if (body !== undefined) {
        headers['Content-Type'] = 'application/json';
        payload = JSON.stringify(body);
      }
      ({ status, body: buffer } = await httpCall(url, { method, headers, agent }, payload));
    }
    return {
      status,
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
