import http from 'node:http';
import type { Engine } from '../engine.ts';
import { exportProject, importProject } from '../persist/persistence.ts';

const CLEAR = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/;
const COUNTERS = /^\/emulator\/v1\/projects\/([^/:]+)\/counters$/;
const EXPORT_IMPORT = /^\/emulator\/v1\/projects\/([^/:]+):(export|import)$/;

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function reply(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * The HTTP/1.1 side of the port: the official emulator's "clear data" call, plus counters,
 * export and import, which only this server has.
 */
export function createControlServer(engine: Engine): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = async (): Promise<void> => {
      let m: RegExpExecArray | null;
      if (url.pathname === '/' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('Ok');
      } else if ((m = CLEAR.exec(url.pathname)) && req.method === 'DELETE') {
        await engine.clear(
          engine.database(`projects/${m[1]}/databases/${decodeURIComponent(m[2])}`),
        );
        reply(res, 200, {});
      } else if ((m = COUNTERS.exec(url.pathname)) && req.method === 'GET') {
        reply(res, 200, engine.counters(m[1]));
      } else if ((m = COUNTERS.exec(url.pathname)) && req.method === 'DELETE') {
        engine.resetCounters(m[1]);
        reply(res, 200, engine.counters(m[1]));
      } else if ((m = EXPORT_IMPORT.exec(url.pathname)) && req.method === 'POST') {
        const { path } = await readJson(req);
        if (typeof path !== 'string' || path === '')
          return reply(res, 400, { message: 'path is required' });
        if (m[2] === 'export') reply(res, 200, await exportProject(engine, m[1], path));
        else {
          engine.changeSink?.replacing(m[1]);
          const documents = await importProject(engine, m[1], path);
          await engine.changeSink?.replaced(m[1], path);
          reply(res, 200, { documents });
        }
      } else {
        reply(res, 404, { message: 'Not found' });
      }
    };
    route().catch((err: unknown) =>
      reply(res, 500, { message: err instanceof Error ? err.message : String(err) }),
    );
  });
}
