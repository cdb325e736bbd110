// The Cloud Functions runtime (Google's functions framework) and the functions emulator parse
// every request body with body-parser before they call the function, in their own Express app.
// A body their JSON parser cannot parse never reaches the function: their Express answers it
// with an HTML error page, a stack trace and the server's paths outside production.
// `takeOverRuntimeJsonErrors` makes their JSON parser hand such a request on instead, noting
// the failure, so this app answers it with its own envelope. Only parse failures: the body has
// been read in full then, so the runtime's later parsers leave it alone. It must run before the runtime builds its parsers: both load the function first.
import { createRequire } from 'node:module';

type Next = (err?: unknown) => void;
type Middleware = (req: object, res: object, next: Next) => void;
type JsonParserFactory = (options?: unknown) => Middleware;

const refusedBodies = new WeakMap<object, unknown>();
const TAKEN_OVER = Symbol('json errors taken over');

/** What the runtime's JSON parser refused on this request, if anything. */
export function runtimeBodyError(req: object): unknown {
  return refusedBodies.get(req);
}

function isParseFailure(err: unknown): boolean {
  return (err as { type?: unknown } | null)?.type === 'entity.parse.failed';
}

/** Wraps `bodyParser.json` on the given body-parser module (its exports object). */
export function takeOverJsonErrors(bodyParser: { json: JsonParserFactory }): void {
  const original = bodyParser.json as JsonParserFactory & { [TAKEN_OVER]?: true };
  if (original[TAKEN_OVER]) return;
  const json = Object.assign(
    (options?: unknown): Middleware => {
      const parse = original(options);
      return (req, res, next) =>
        parse(req, res, (err?: unknown) => {
          if (err === undefined || !isParseFailure(err)) return next(err);
          refusedBodies.set(req, err);
          next();
        });
    },
    { [TAKEN_OVER]: true as const },
  );
  // body-parser 1.x defines `json` as a getter: redefine rather than assign.
  Object.defineProperty(bodyParser, 'json', {
    value: json,
    configurable: true,
    enumerable: true,
    writable: true,
  });
}

/**
 * Takes over the JSON errors of the body-parser the process's main module (the runtime) uses.
 * Elsewhere (tests, scripts) there is no such parser, or it is not in front of this app.
 */
export function takeOverRuntimeJsonErrors(main: NodeJS.Module | undefined = require.main): void {
  if (!main?.filename) return;
  let bodyParser: { json: JsonParserFactory };
  try {
    bodyParser = createRequire(main.filename)('body-parser') as { json: JsonParserFactory };
  } catch {
    return;
  }
  if (typeof bodyParser.json === 'function') takeOverJsonErrors(bodyParser);
}
