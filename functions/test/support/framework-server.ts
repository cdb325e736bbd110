// The app served by Google's functions framework as production runs it (its own Express app, its
// body parsers, its final error handler), after index.ts's takeover of them.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Express } from 'express';
import { takeOverRuntimeBodyParsers } from '../../src/http/runtime-body-parser';

const frameworkIndex = require.resolve('@google-cloud/functions-framework');

type GetServer = (fn: unknown, options: Record<string, unknown>) => Server;

/** Starts the framework's server around `app` on a free port. */
export async function frameworkServer(
  app: Express,
): Promise<{ url: string; close(): Promise<void> }> {
  // As index.ts does when the runtime loads it: the runtime is the process's main module.
  takeOverRuntimeBodyParsers({ filename: frameworkIndex } as NodeJS.Module);
  const { getServer } = createRequire(frameworkIndex)('./server') as { getServer: GetServer };
  const server = getServer(app, {
    signatureType: 'http',
    ignoredRoutes: null,
    timeoutMilliseconds: 0,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
