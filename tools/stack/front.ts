// The console's front on the local stack, as Firebase Hosting serves it: firebase.json's
// hosting section (web/dist, its headers, the SPA fallback) through superstatic, the engine
// of the Hosting emulator, and its /api/** rewrite forwarded to the api function's server.
import { existsSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { apiInstances } from './api-instances.ts';
import { readFirebaseJson, ROOT } from './config.ts';

// A CommonJS module whose function is its `default` export.
const superstatic = (createRequire(import.meta.url)('superstatic') as typeof import('superstatic'))
  .default;

export interface Front {
  stop(): Promise<void>;
}

/**
 * Forwards a request to an instance of the api function, streaming both ways (uploads in, the
 * notification stream out). The caller's address goes in X-Forwarded-For and the Host it
 * addressed in X-Forwarded-Host, replacing any the caller sent, as Hosting's front end does,
 * with the stack's front secret (X-CRM-Front), without which the api believes neither
 * (functions/src/http/forwarding.ts). The request's body is read only once the instance
 * took the connection: one that refuses it (restarting) has had nothing of the request, which
 * then goes to another instance, as Cloud Run's front end sends none to an instance that is not
 * running; 503 only when every instance refused.
 */
function forwardTo(apiPorts: readonly number[], frontSecret: string): http.RequestListener {
  const instances = apiInstances(apiPorts);
  return (req, res) => {
    // A caller gone while superstatic looked for a file: nothing to forward (nor to count).
    if (req.destroyed || res.destroyed) return;
    let attempt: { done: () => void; upstream: http.ClientRequest } | undefined;
    // A browser that leaves ends the request to the function too (its stream closes).
    res.once('close', () => {
      attempt?.done();
      attempt?.upstream.destroy();
    });
    const forward = (triesLeft: number) => {
      const instance = instances.pick();
      const headers = {
        ...req.headers,
        'x-forwarded-for': req.socket.remoteAddress ?? '',
        'x-forwarded-host': req.headers.host ?? '',
        // What tells the api this request came through here (any the caller sent is replaced).
        'x-crm-front': frontSecret,
      };
      const upstream = http.request(
        { host: '127.0.0.1', port: instance.port, method: req.method, path: req.url, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          // An instance killed mid-answer (a notification stream, a download) cuts the answer:
          // the caller's connection is cut too, so its page sees the end and reconnects.
          pipeline(answer, res, (err) => {
            if (err) res.destroy();
          });
        },
      );
      attempt = { done: instance.done, upstream };
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        instance.done();
        if (err.code === 'ECONNREFUSED') {
          instances.refused(instance.port);
          if (triesLeft > 0 && !res.destroyed) return forward(triesLeft - 1);
        }
        if (res.headersSent) return res.destroy();
        answerJson(res, 503, 'The API is restarting; try again shortly');
      });
      upstream.on('socket', (socket) => {
        if (socket.connecting) socket.once('connect', () => req.pipe(upstream));
        else req.pipe(upstream);
      });
    };
    forward(apiPorts.length - 1);
  };
}

function answerJson(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ message }));
}

/** Whether every %-escape of the path decodes (superstatic would throw on one that does not). */
function decodablePath(url: string | undefined): boolean {
  try {
    decodeURIComponent((url ?? '/').split('?')[0]);
    return true;
  } catch {
    return false;
  }
}

/** Whether `url` names a file under /assets that the built app does not have. */
function missingAsset(publicDir: string, url: string | undefined): boolean {
  const pathname = decodeURIComponent((url ?? '/').split('?')[0]);
  if (!pathname.startsWith('/assets/')) return false;
  const file = path.join(publicDir, path.normalize(pathname));
  return !file.startsWith(path.join(publicDir, 'assets') + path.sep) || !existsSync(file);
}

export async function startFront(
  port: number,
  apiPorts: readonly number[],
  frontSecret: string,
): Promise<Front> {
  const hosting = readFirebaseJson().hosting;
  const publicDir = path.join(ROOT, hosting.public);
  const forward = forwardTo(apiPorts, frontSecret);
  const handler = superstatic({
    config: hosting,
    cwd: ROOT,
    stack: 'strict',
    compression: true,
    rewriters: { function: () => Promise.resolve(forward) },
  }) as (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
  const server = http.createServer((req, res) => {
    // Errors are answered as the API answers them, `{ message }`, never superstatic's page.
    if (!decodablePath(req.url)) {
      return answerJson(res, 400, 'The address has malformed percent-encoding.');
    }
    // A file under /assets that is not there (a chunk of an older build an open tab asks for;
    // firebase.json does not rewrite /assets/** to the app's page): 404 that no one keeps,
    // before superstatic would give it the long cache of the files there.
    if (missingAsset(publicDir, req.url)) {
      res.setHeader('Cache-Control', 'no-store');
      return answerJson(res, 404, 'Not found');
    }
    handler(req, res, () => answerJson(res, 404, 'Not found'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
