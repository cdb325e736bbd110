// The app inside an Express app that reads bodies the way the Cloud Functions runtime (Google's
// functions framework) and the functions emulator do before the function runs: JSON, text,
// URL-encoded forms and anything else as bytes, each keeping the bytes in req.rawBody.
import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import express, { type Express, type RequestHandler } from 'express';
import { createApp, type AppOptions } from '../../src/app/app';

type Factory = (options: Record<string, unknown>) => RequestHandler;
export interface BodyParsers {
  json: Factory;
  text: Factory;
  urlencoded: Factory;
  raw: Factory;
}

/** The body-parser (1.x) the functions emulator's runtime reads bodies with. */
export function emulatorBodyParser(): BodyParsers {
  const tools = createRequire(require.resolve('firebase-tools/package.json'));
  return tools('body-parser') as BodyParsers;
}

export function runtimeApp(
  options: AppOptions = {},
  parsers: BodyParsers = express as unknown as BodyParsers,
): Express {
  const verify = (req: IncomingMessage & { rawBody?: Buffer }, _res: unknown, buf: Buffer) => {
    req.rawBody = buf;
  };
  const runtime = express();
  runtime.use(parsers.json({ limit: '32mb', verify }));
  runtime.use(parsers.text({ limit: '32mb', verify }));
  runtime.use(parsers.urlencoded({ extended: true, limit: '32mb', verify }));
  runtime.use(parsers.raw({ type: '*/*', limit: '32mb', verify }));
  runtime.use(createApp(options));
  return runtime;
}
