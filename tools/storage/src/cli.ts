/**
 * The local Cloud Storage server from the command line:
 *   tsx tools/storage/src/cli.ts --port 9199 [--host 127.0.0.1] [--data DIR]
 * With --data every acknowledged upload and delete is on disk before it is answered (see
 * object-store.ts); without it objects last as long as the process.
 */
import { parseArgs } from 'node:util';
import { startStorageServer } from './server.ts';

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '9199' },
    data: { type: 'string' },
  },
});

const server = await startStorageServer({
  host: values.host,
  port: Number(values.port),
  dataDir: values.data,
});
process.stdout.write(`[storage] Cloud Storage JSON API listening on ${server.url}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.exit(0));
  });
}
