import { createRequire } from 'node:module';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import protobuf from 'protobufjs';

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
  return withDirectEncoding(loaded.google.firestore.v1.Firestore.service);
}

/**
 * The answers that carry documents (a query's, a batch get's) are encoded straight from the
 * stored values: they are already in the form proto-loader decodes into, and its serializer's
 * first step, copying each message into protobufjs's own objects (fromObject), was about 40%
 * of encoding a customer. Those answers' one enum is NullValue, whose one value is 0, so its
 * name needs no mapping; the other answers keep proto-loader's serializer.
 */
function withDirectEncoding(service: grpc.ServiceDefinition): grpc.ServiceDefinition {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) =>
    path.isAbsolute(target) ? target : path.join(protosDir, target);
  root.loadSync('google/firestore/v1/firestore.proto');
  const direct = (method: string, response: string) => {
    const type = root.lookupType(`google.firestore.v1.${response}`);
    return {
      ...service[method],
      responseSerialize: (value: object) => Buffer.from(type.encode(value).finish()),
    };
  };
  return {
    ...service,
    RunQuery: direct('RunQuery', 'RunQueryResponse'),
    BatchGetDocuments: direct('BatchGetDocuments', 'BatchGetDocumentsResponse'),
  };
}
