// Starts the embedded Firestore server for the conformance suite, unless FIRESTORE_EMULATOR_HOST
// already names a server (for instance the official emulator): then the suite runs against that
// one and the embedded-only tests (counters, export/import) are skipped.
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Firestore server under test. */
    firestoreHost: string;
    /** True when the server under test is the embedded one started here. */
    embeddedServer: boolean;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const external = process.env.FIRESTORE_EMULATOR_HOST;
  if (external) {
    project.provide('firestoreHost', external);
    project.provide('embeddedServer', false);
    return;
  }
  const { startEmbeddedFirestore } = await import('../src/index.ts');
  const server = await startEmbeddedFirestore({ port: 0, host: '127.0.0.1' });
  process.env.FIRESTORE_EMULATOR_HOST = server.host;
  project.provide('firestoreHost', server.host);
  project.provide('embeddedServer', true);
  return async () => {
    delete process.env.FIRESTORE_EMULATOR_HOST;
    await server.close();
  };
}
