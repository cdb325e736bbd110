// The answer for an error no route handled, as the `{ message }` envelope: used by the app's own
// error handler and, through runtime-body-parser.ts, by the runtime's Express in front of it.
import type { ServerResponse } from 'node:http';
import { answerError } from './errors';

/** In place of Express's finalhandler (an HTML page with a stack trace outside production). */
export function finalJsonHandler(req: object, res: object) {
  const response = res as ServerResponse;
  return (err?: unknown): void => {
    if (response.headersSent) {
      // A stream already started: nothing better than ending it.
      if (err !== undefined) response.destroy();
      return;
    }
    const { status, body } = answerError(err ?? null, req as { method?: string; url?: string });
    response.statusCode = status;
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cache-Control', 'no-store');
    response.end(JSON.stringify(body));
  };
}
