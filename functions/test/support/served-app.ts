// An app served on a free port of 127.0.0.1 for the length of a test file, for clients that need
// a real connection (event streams): its base URL once listening, and closed after the file.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { afterAll, beforeAll } from 'vitest';

export function serveDuringFile(app: Express): { base: () => string } {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { base: () => base };
}
