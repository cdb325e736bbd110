import { createRequire } from 'node:module';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

const require = createRequire(import.meta.url);

/** Firestore's own service definitions, as shipped with the SDK. */
const protosDir = path.join(
  path.dirname(require.resolve('@google-cloud/firestore/package.json')),
  'build',
  'protos',
);

/**
 * The options mirror how the SDK sees messages: camelCase fields, int64 as strings (so large
 * integers survive), enums as names, and `oneofs` so each Value names its own kind.
 */
export function loadFirestoreService(): grpc.ServiceDefinition {
  const definition = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
    includeDirs: [protosDir],
    keepCase: false,
    longs: String,
    enums: String,
    bytes: Buffer,
    defaults: false,
    oneofs: true,
  });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    google: { firestore: { v1: { Firestore: grpc.ServiceClientConstructor } } };
  };
  return loaded.google.firestore.v1.Firestore.service;
}
